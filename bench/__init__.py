"""Benchmarks: modules runnable as ``python -m bench.<name>``, each with ``main()``
(``worst_cases`` only builds the cases that ``autocomplete`` and ``hand_menus`` share).

Speed is measured here, never asserted in tests.
"""
