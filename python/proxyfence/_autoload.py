"""Imported at interpreter start-up by proxyfence-triton.pth (installed with
the package at the root of site-packages) when PROXYFENCE_TRITON is set (the
.pth line itself tests it, so that no other process imports anything). It
waits for Triton to be imported and enables the hook right after, so a
process that never imports Triton never pays for it. Never raises: a .pth
that fails would break every Python process."""
import os
import sys


def _install():
    import importlib.abc
    import importlib.util

    class _TritonWatcher(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name != "triton":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec("triton")
            if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
                return spec
            exec_module = spec.loader.exec_module

            def exec_then_enable(module):
                exec_module(module)
                try:
                    import proxyfence.triton  # noqa: F401  (enables the hook from PROXYFENCE_TRITON)
                except Exception as e:  # pragma: no cover - reported, never fatal
                    print(f"proxyfence: PROXYFENCE_TRITON is set, but the hook was not enabled: {e}", file=sys.stderr)
            spec.loader.exec_module = exec_then_enable
            return spec

    if "triton" in sys.modules:
        import proxyfence.triton  # noqa: F401
    else:
        sys.meta_path.insert(0, _TritonWatcher())


if os.environ.get("PROXYFENCE_TRITON", "").strip() not in ("", "0", "off"):
    try:
        _install()
    except Exception as e:  # pragma: no cover
        print(f"proxyfence: PROXYFENCE_TRITON is set, but the hook was not installed: {e}", file=sys.stderr)
