"""Imported at interpreter start-up by proxyfence-triton.pth (installed with
the package at the root of site-packages) when PROXYFENCE_TRITON or
PROXYFENCE_JAX is set (the .pth line itself tests them, so that no other
process imports anything). It waits for Triton (or JAX) to be imported and
enables its hook right after, so a process that never imports it never
pays for it. Never raises: a .pth that fails would break every Python
process."""
import os
import sys

#: The environment variable that asks for each hook, the module it waits
#: for, and the hook's module (which enables itself from the variable).
HOOKS = (("PROXYFENCE_TRITON", "triton", "proxyfence.triton"),
         ("PROXYFENCE_JAX", "jax", "proxyfence.jax"))


def _wanted(var):
    return os.environ.get(var, "").strip() not in ("", "0", "off")


def _enable(var, hook):
    try:
        __import__(hook)
    except Exception as e:  # pragma: no cover - reported, never fatal
        print(f"proxyfence: {var} is set, but the hook was not enabled: {e}", file=sys.stderr)


def _install(var, target, hook):
    import importlib.abc
    import importlib.util

    class _Watcher(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target_=None):
            if name != target:
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(target)
            if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
                return spec
            exec_module = spec.loader.exec_module

            def exec_then_enable(module):
                exec_module(module)
                _enable(var, hook)
            spec.loader.exec_module = exec_then_enable
            return spec

    if target in sys.modules:
        _enable(var, hook)
    else:
        sys.meta_path.insert(0, _Watcher())


for _var, _target, _hook in HOOKS:
    if _wanted(_var):
        try:
            _install(_var, _target, _hook)
        except Exception as e:  # pragma: no cover
            print(f"proxyfence: {_var} is set, but the hook was not installed: {e}", file=sys.stderr)
