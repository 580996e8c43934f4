"""compile() as in Triton 3.6: the on-disk cache key is made of the source,
the backend, the options and the cache-invalidating environment; the hook
is called only from backend.add_stages (3.6 does not ask it for a key)."""
import hashlib

from .. import knobs
from .._C.libtriton import ir

DISK_CACHE = {}   # key -> (metadata, asm): the stand-in of Triton's on-disk cache
STAGES_RUN = []   # (kernel, stage) of every stage that ran


def get_cache_invalidating_env_vars():
    return {"TRITON_STAND_IN": "1"}


class Source:
    """What a test compiles: a kernel name and the TTGIR and PTX its stages
    will produce."""

    def __init__(self, name, ttgir, ptx, arch=90):
        self.name, self.ttgir, self.ptx, self.arch = name, ttgir, ptx, arch

    def hash(self):
        return hashlib.sha256((self.name + self.ttgir + self.ptx).encode()).hexdigest()


class Backend:
    def __init__(self, arch):
        self.arch = arch

    def hash(self):
        return f"stand-in-{self.arch}"

    def add_stages(self, stages, options, language):
        context = ir.context()

        def make_ttir(src, metadata):
            return ir.module("// ttir of " + src.name, context)

        def make_ttgir(mod, metadata):
            return ir.module(self.src.ttgir, context)

        def make_llir(mod, metadata):
            # Whatever TTGIR module reaches this stage (the hook's fixed one in fix mode).
            self.llir_input = str(mod)
            return "; llir\n"

        def make_ptx(llir, metadata):
            metadata["name"] = self.src.name
            return self.src.ptx

        def make_cubin(ptx, metadata):
            if "stand-in: ptxas fails" in ptx:
                raise RuntimeError("`ptxas` failed with error code 255")
            return ptx.encode()

        stages["ttir"] = make_ttir
        stages["ttgir"] = make_ttgir
        stages["llir"] = make_llir
        stages["ptx"] = make_ptx
        stages["cubin"] = make_cubin
        if knobs.runtime.add_stages_inspection_hook is not None:
            knobs.runtime.add_stages_inspection_hook(self, stages, {"arch": self.arch}, "TRITON", self.arch)


class CompiledKernel:
    def __init__(self, metadata, asm, backend=None):
        self.metadata = metadata
        self.asm = asm
        self.backend = backend


def compile(src, target=None, options=None, _env_vars=None):
    backend = Backend(src.arch)
    backend.src = src
    env_vars = get_cache_invalidating_env_vars() if _env_vars is None else _env_vars
    key = f"{src.hash()}-{backend.hash()}-{options}-{sorted(env_vars.items())}"
    if not knobs.compilation.always_compile and key in DISK_CACHE:
        metadata, asm = DISK_CACHE[key]
        if knobs.compilation.listener:
            knobs.compilation.listener(src=src, metadata=dict(metadata), metadata_group={}, times=None,
                                       cache_hit=True)
        return CompiledKernel(metadata, asm)
    metadata = {"hash": hashlib.sha256(key.encode()).hexdigest(), "target": {"backend": "cuda", "arch": src.arch}}
    stages = {}
    backend.add_stages(stages, options, "TRITON")
    module, asm = src, {}
    for ext, stage in stages.items():
        module = stage(module, metadata)
        STAGES_RUN.append((src.name, ext))
        asm[ext] = module if isinstance(module, (str, bytes)) else str(module)
    DISK_CACHE[key] = (metadata, asm)
    return CompiledKernel(metadata, asm, backend)


_compile_3_6 = compile


def compile_asking_hook(src, target=None, options=None, _env_vars=None):
    """compile() as in Triton after 3.6, which asks the hook (called with
    no arguments) for a key it adds to the on-disk cache key."""
    env_vars = dict(get_cache_invalidating_env_vars() if _env_vars is None else _env_vars)
    if knobs.runtime.add_stages_inspection_hook is not None:
        inspect_stages_key, _ = knobs.runtime.add_stages_inspection_hook()
        env_vars["<hook>"] = inspect_stages_key
    return _compile_3_6(src, target, options, env_vars)
