"""Wortwurf: the rules of a family of German letter and dice games, as plain data and pure functions."""

__version__ = "0.1.0"
