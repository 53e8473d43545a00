"""The verifier page: `station verify FOLDER --key` as one offline HTML page for browsers."""
