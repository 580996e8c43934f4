"""A stand-in for Triton (no GPU, no Triton in CI): just the parts the
proxyfence hook touches, shaped like Triton 3.6's (knobs, the stages dict
each compile builds through backend.add_stages, the cache keys, the
compilation listener, ir.parse_mlir_module). The stages hand out the TTGIR
and PTX text a test gives them (corpus files)."""
__version__ = "3.6.0-stand-in"

from . import knobs  # noqa: E402,F401
from . import _C  # noqa: E402,F401
from . import compiler, runtime  # noqa: E402,F401
from .compiler.compiler import compile  # noqa: E402,F401
