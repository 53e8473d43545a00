"""`python -m station` is the same as the `station` command."""

import sys

from station.cli import main

sys.exit(main())
