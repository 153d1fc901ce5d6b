"""Views of arrays that numba does not reference-count.

Inside the compiled engine every array that crosses a call is increfed and
decrefed with an atomic instruction; profiling showed these took over a
third of the engine's time.  A view built with ``carray`` from the raw data
pointer has no memory-info block, so the same operations become a null test.
Such a view must not outlive the array it views: ``sim.engine.run_batch``
makes them at the top of the call and drops them before returning.
"""

from __future__ import annotations

from numba import carray, njit
from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic
def _voidptr(typingctx, address):
    """Reinterpret an integer address as ``void*`` (for carray)."""
    sig = types.voidptr(address)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], cgutils.voidptr_t)

    return sig, codegen


@njit(cache=True, inline="always")
def unmanaged(a):
    """The same memory as ``a``, C-contiguous, without reference counting."""
    return carray(_voidptr(a.ctypes.data), a.shape, a.dtype)
