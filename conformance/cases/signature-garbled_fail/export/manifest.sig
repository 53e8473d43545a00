not base64!
