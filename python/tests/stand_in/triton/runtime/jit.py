"""JITFunction.run's in-memory cache, as in Triton 3.6: keyed by
compute_cache_key(kernel_key_cache, specialization, options), a global of
this module."""
from ..compiler.compiler import compile, get_cache_invalidating_env_vars  # noqa: F401


def compute_cache_key(kernel_key_cache, specialization, options):
    return str(specialization) + str(options)


class JITFunction:
    def __init__(self, src):
        self.src = src
        self.kernel_cache = {}

    def run(self, options=None):
        key = compute_cache_key({}, [("name", self.src.name)], options)
        kernel = self.kernel_cache.get(key)
        if kernel is None:
            kernel = compile(self.src, options=options)
            self.kernel_cache[key] = kernel
        return kernel
