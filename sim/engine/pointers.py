"""Raw pointers to the engine's arrays, so the hot path carries no array machinery.

Inside numba every array variable is a struct (data pointer, shape, strides,
memory-info block) that is reference-counted at each call and each inlined
assignment, and every signed index is checked for wraparound.  Profiling the
engine at instruction level showed play_turn making ~70 calls to
``NRT_incref``/``NRT_decref`` (each forcing the live registers onto the
stack) and a ``sar``/``and`` wraparound fix on every state access.  A typed
pointer (``CPointer``) has neither: ``S[i]`` is one load.  The engine's
compiled functions therefore take pointers, made once per batch by
:func:`ptr` from arrays that outlive the call; everything outside the engine
keeps using ordinary arrays.
"""

from __future__ import annotations

from numba import carray, njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.np.arrayobj import make_array

from sim.engine.layout import V_SIZE, V


@intrinsic
def ptr(typingctx, arr):
    """The data pointer of a C-contiguous array, typed by its dtype (no copy, no refcount)."""
    if not isinstance(arr, types.Array) or arr.layout != "C":
        return None
    sig = types.CPointer(arr.dtype)(arr)

    def codegen(context, builder, signature, args):
        return make_array(signature.args[0])(context, builder, args[0]).data

    return sig, codegen


@njit(cache=True)
def state_view(S):
    """The state pointer ``S`` as an int32 array (for hooks and Python bots, off the hot path)."""
    return carray(S, S[V + V_SIZE])


@intrinsic
def shifted(typingctx, p, k):
    """The typed pointer ``p`` moved ``k`` elements on (``&p[k]``), for views of part of S."""
    if not isinstance(p, types.CPointer) or not isinstance(k, types.Integer):
        return None
    sig = p(p, k)

    def codegen(context, builder, signature, args):
        return builder.gep(args[0], [args[1]])

    return sig, codegen


@intrinsic
def copy_ints(typingctx, dst, src, n):
    """memcpy of ``n`` elements from typed pointer ``src`` to ``dst`` (no overlap): a
    state copy in one call instead of an element loop through pointers, which LLVM cannot
    vectorize (it cannot rule out overlap)."""
    if not (isinstance(dst, types.CPointer) and dst == src and isinstance(n, types.Integer)):
        return None
    sig = types.void(dst, src, n)

    def codegen(context, builder, signature, args):
        d, s, k = args
        size = context.get_abi_sizeof(context.get_value_type(signature.args[0].dtype))
        cgutils.raw_memcpy(builder, d, s, k, size)
        return context.get_dummy_value()

    return sig, codegen
