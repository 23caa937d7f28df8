"""The CPU Numba compiles for, for kernels with a faster path on some instruction sets.

Numba compiles for the host CPU and all its features unless ``NUMBA_CPU_FEATURES`` names
others (to build caches for another machine, say): a kernel may use an instruction only when
that target has it, and its cache entries are keyed by the target's name and features, so a
cached kernel never runs on a CPU it was not compiled for.
"""

from __future__ import annotations


def compiles_for(*features: str) -> bool:
    """Whether Numba's target CPU has every one of ``features`` (LLVM's names: ``"bmi2"``,
    ``"avx512vbmi"`` ...)."""
    from numba.core import config
    from numba.core.codegen import get_host_cpu_features

    chosen = config.CPU_FEATURES if config.CPU_FEATURES is not None else get_host_cpu_features()
    enabled = {name[1:] for name in str(chosen).split(",") if name.startswith("+")}
    return all(feature in enabled for feature in features)
