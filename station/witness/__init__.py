"""Witnesses: observers who follow a served count and hold the station to what it showed."""
