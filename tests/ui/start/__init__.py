"""The start room's tests."""
