"""The start window and the New election dialog."""
