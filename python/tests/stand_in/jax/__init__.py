"""A stand-in for the parts of JAX the proxyfence JAX hook uses:
jax.monitoring's duration listeners, and `compile_mosaic`, which does what
a jax.jit compile of Mosaic GPU kernels does around them: the lowering
event, each kernel's PTX to standard output (MOSAIC_GPU_DUMP_PTX) or to
MOSAIC_GPU_DUMP_TO/<name>.ptx, whatever else the compile prints, and the
backend-compile event. Real JAX records the same two events (measured on
JAX 0.11.2: docs/jax.md)."""
import os

from . import monitoring

LOWERED = "/jax/core/compile/jaxpr_to_mlir_module_duration"
COMPILED = "/jax/core/compile/backend_compile_duration"
__version__ = "0.0-stand-in"


def compile_mosaic(ptx_modules, other_output=""):
    """One compile of a function with these kernels (PTX texts)."""
    monitoring.record_event_duration_secs(LOWERED, 0.001)
    dump_to = os.environ.get("MOSAIC_GPU_DUMP_TO")
    for i, text in enumerate(ptx_modules):
        if dump_to:
            with open(os.path.join(dump_to, "mosaic_gpu_module_%d.ptx" % i), "w") as f:
                f.write(text)
        elif os.environ.get("MOSAIC_GPU_DUMP_PTX"):
            os.write(1, (text + "\n").encode())
    if other_output:
        os.write(1, other_output.encode())
    monitoring.record_event_duration_secs(COMPILED, 0.002)


def lower_only():
    """`jax.jit(f).lower(x)` with no compile: the lowering event alone."""
    monitoring.record_event_duration_secs(LOWERED, 0.001)
