"""Positions the tests share: the package's example positions (:mod:`analyzer.api.examples`),
``PLACE``, ``LAST_BET`` and ``SAINT``, documented there."""

from analyzer.api.examples import LAST_BET, PLACE, SAINT

__all__ = ["LAST_BET", "PLACE", "SAINT"]
