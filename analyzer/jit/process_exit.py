"""The console script's exit: the steps of a normal exit that can still matter, then none of the
interpreter's teardown.

When a command has returned, what it wrote is closed (results are renamed into place, executors
and Dask clients shut), and what is left is the interpreter tearing down the objects of the run:
Numba's dispatchers and code libraries, LLVM's modules. That takes about a fifth of a warm
query's CPU time to free memory the operating system takes back anyway. :func:`fast_exit` is
for the console script alone, never for a library call: it ends the process.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading


def fast_exit(code: object) -> None:
    """End the process with ``code`` (as ``sys.exit`` takes it) after the steps of a normal exit
    that can still matter: threads left running are joined, the exit handlers run (``atexit``'s
    own ``_run_exitfuncs``, the interpreter's internal; where it is missing the process exits
    the normal way), a ``sys.exit`` message is printed, the standard streams are flushed (a
    failed flush of the output exits with 120, as Python does); then ``os._exit``, skipping
    the teardown. With the speed layer switched off (:mod:`analyzer.jit.window`), the normal
    ``sys.exit``."""
    from analyzer.jit import window

    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_functions is None or window.switched_off():
        raise SystemExit(code)
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    run_exit_functions()
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be written
            if stream is sys.stdout and code == 0:
                code = 120
    os._exit(code)
