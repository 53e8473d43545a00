"""The operator room's tests."""
