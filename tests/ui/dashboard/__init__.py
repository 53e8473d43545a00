"""The dashboard room's tests."""
