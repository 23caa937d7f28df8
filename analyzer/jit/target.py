"""The CPU Numba compiles for, for kernels with a faster path on some instruction sets.

Numba compiles for the host CPU and all its features unless ``NUMBA_CPU_FEATURES`` names
others (to build caches for another machine, say): a kernel may use an instruction only when
that target has it, and its cache entries are keyed by the target's name and features, so a
cached kernel never runs on a CPU it was not compiled for. Both are read through public APIs:
``numba.config.CPU_FEATURES`` (the environment variable) and llvmlite's
``get_host_cpu_features``.
"""

from __future__ import annotations

import functools


def compiles_for(*features: str) -> bool:
    """Whether Numba's target CPU has every one of ``features`` (LLVM's names: ``"bmi2"``,
    ``"avx512vbmi"`` ...); none under ``NUMBA_DISABLE_JIT``, where kernels run as Python."""
    from numba import config

    return not config.DISABLE_JIT and set(features) <= _enabled(config.CPU_FEATURES)


@functools.cache
def _enabled(chosen: str | None) -> frozenset[str]:
    """The features enabled by a Numba target feature string (``+name,-name,...``), or by the
    host's when ``chosen`` is None (asked of LLVM once per process)."""
    if chosen is None:
        from llvmlite import binding

        try:
            chosen = binding.get_host_cpu_features().flatten()
        except RuntimeError:  # LLVM cannot tell on this host: assume no optional feature
            chosen = ""
    return frozenset(name[1:] for name in str(chosen).split(",") if name.startswith("+"))
