"""Benchmarks: modules runnable as ``python -m bench.<name>``, each with ``main()``.

Speed is measured here, never asserted in tests.
"""
