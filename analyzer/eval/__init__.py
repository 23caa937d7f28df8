"""The hand evaluator: Numba kernels, rule profiles, values and names.

Quick use::

    >>> from analyzer.eval import evaluate, hand_name
    >>> hand_name(evaluate("As Ks Qs Js Ts 2c 3d"))
    'Royal flush'

Kernels for use inside other ``@njit`` code come from
``make_kernels(rules)``: ``evaluate_key``, ``evaluate_row``, ``evaluate_cards``,
``evaluate_rows`` and ``evaluate_batch``, plus ``card_key``, ``card_mask`` and
``empty_key`` for incremental keys.
"""

from analyzer.eval.hands import (
    HandDescription,
    best_five,
    describe_hand,
    evaluate,
    evaluate_batch,
)
from analyzer.eval.kernels import make_kernels
from analyzer.eval.profiles import BUG, PAIGOW, PROFILES, STANDARD, Rules, get_rules
from analyzer.eval.two_card import two_card_value
from analyzer.eval.values import Category, category_of, describe, hand_name, ranks_of

__all__ = [
    "BUG",
    "PAIGOW",
    "PROFILES",
    "STANDARD",
    "Category",
    "HandDescription",
    "Rules",
    "best_five",
    "category_of",
    "describe",
    "describe_hand",
    "evaluate",
    "evaluate_batch",
    "get_rules",
    "hand_name",
    "make_kernels",
    "ranks_of",
    "two_card_value",
]
