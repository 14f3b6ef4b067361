"""Pillow pictures of the table, the hands and the results, drawn from engine views."""
