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

from analyzer._exports import lazy_exports

# imported on first use (PEP 562): a one-hand query imports no Numba (see analyzer.eval.lookup)
__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "hands": ["HandDescription", "best_five", "describe_hand", "evaluate", "evaluate_batch"],
        "kernels": ["make_kernels"],
        "profiles": ["BUG", "PAIGOW", "PROFILES", "STANDARD", "Rules", "get_rules"],
        "two_card": ["two_card_value"],
        "values": ["Category", "category_of", "describe", "hand_name", "ranks_of"],
    },
)
