"""Build hooks the declarative pyproject.toml cannot express:

* proxyfence-triton.pth goes to the root of site-packages, so that
  PROXYFENCE_TRITON=check|fix switches the Triton hook on in any Python
  process, with no code change (proxyfence/_autoload.py does nothing
  otherwise);
* with PROXYFENCE_BUNDLE_BIN=DIR (a build's bin/ directory, e.g. a static
  build's), the `proxyfence` and `proxyfence-ttgir` executables are copied
  beside the package (proxyfence/_bin/), where find_binary() looks after
  $PROXYFENCE_BIN.
"""
import os
import sys

import setuptools
from setuptools import setup
from setuptools.command.build_py import build_py


def _can_build_wheels():
    """setuptools 70.1 and later have bdist_wheel; before, it comes from
    the `wheel` package."""
    try:
        from setuptools.command.bdist_wheel import bdist_wheel  # noqa: F401
        return True
    except ImportError:
        pass
    try:
        import wheel  # noqa: F401
        return True
    except ImportError:
        return False


# pip (PEP 517) asks for a wheel's metadata first (dist_info), then for the
# wheel; without bdist_wheel setuptools fails there with "invalid command
# 'bdist_wheel'", which does not say what to install.
if any(cmd in sys.argv[1:] for cmd in ("dist_info", "bdist_wheel")) and not _can_build_wheels():
    raise SystemExit(
        f"proxyfence: pip installs a wheel, and this Python's setuptools {setuptools.__version__} cannot build "
        "one without the 'wheel' package: install it (`python -m pip install wheel`, or Debian's "
        "python3-wheel), or setuptools 70.1 or later, or let pip fetch them (drop --no-build-isolation), "
        "then install proxyfence again")

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPy(build_py):
    def run(self):
        super().run()
        self.copy_file(os.path.join(HERE, "proxyfence-triton.pth"),
                       os.path.join(self.build_lib, "proxyfence-triton.pth"))
        bundle = os.environ.get("PROXYFENCE_BUNDLE_BIN")
        if bundle:
            dest = os.path.join(self.build_lib, "proxyfence", "_bin")
            self.mkpath(dest)
            for tool in ("proxyfence", "proxyfence-ttgir"):
                src = os.path.join(bundle, tool)
                if not os.access(src, os.X_OK):
                    raise SystemExit(f"PROXYFENCE_BUNDLE_BIN={bundle}: {tool} is not an executable there")
                self.copy_file(src, os.path.join(dest, tool))

    def get_outputs(self, include_bytecode=1):
        # Listed so that the wheel records them (and an uninstall removes them).
        outputs = super().get_outputs(include_bytecode)
        outputs.append(os.path.join(self.build_lib, "proxyfence-triton.pth"))
        return outputs


setup(cmdclass={"build_py": BuildPy})
