"""The standard 52-card evaluator's kernels, shared by every game that ranks ordinary poker hands.

One :func:`analyzer.eval.kernels.make_kernels` instance for the ``STANDARD`` profile: the per-card
additive keys and card masks, the empty key, and the key evaluators that Hold'em, stud, Head to
Head and Saint Poker call from their own kernels (keys are extended one card at a time with ``+``).
"""

from __future__ import annotations

from analyzer.eval.kernels import make_kernels
from analyzer.eval.profiles import STANDARD

_K = make_kernels(STANDARD)
evaluate_key = _K.evaluate_key
key_value = _K.key_value  # evaluate_key inlined into the caller: for inner loops
evaluate_ranks = _K.evaluate_ranks
evaluate_lane = _K.evaluate_lane
CARD_KEY = _K.card_key
CARD_MASK = _K.card_mask
EMPTY_KEY = _K.empty_key

__all__ = ["CARD_KEY", "CARD_MASK", "EMPTY_KEY", "evaluate_key", "evaluate_lane", "evaluate_ranks", "key_value"]
