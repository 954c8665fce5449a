"""The rules of privateer: pure and deterministic, no I/O, no clock, no database.

Nothing here imports another privateer subpackage, nor any geospatial or database library.
"""
