"""Checks of the package as pip installed it into a virtual environment
(run with that environment's python; argv: the venv, the stand-in's
folder, a TTGIR file with one missing fence). Prints what it finds, for
FileCheck (test/Python/package.test)."""
import os
import subprocess
import sys

venv, stand_in, kernel = sys.argv[1:4]
python = os.path.join(venv, "bin", "python")


def run(code, **env):
    full = {k: v for k, v in os.environ.items() if k not in ("PROXYFENCE_BIN", "PROXYFENCE_TRITON")}
    full.update(env)
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, env=full)
    return (out.stdout + out.stderr).strip()


# The installed package, not the checkout's, and the binary beside it (no
# $PROXYFENCE_BIN, nothing on PATH).
print(run("import proxyfence, sys; print(proxyfence.__file__); print(proxyfence.find_binary()); "
          f"r = proxyfence.check({kernel!r}); print(len(r.errors), r.errors[0].primary.source)",
          PATH="/usr/bin:/bin"))
# PROXYFENCE_TRITON: the hook is on as soon as Triton is imported; until then
# neither Triton nor the hook module is imported (only the small autoloader),
# and without the variable nothing of the package is.
loaded = "sorted(m for m in sys.modules if m.startswith(('proxyfence', 'triton')))"
print(run(f"import sys; print('before', {loaded}); import triton; "
          "h = triton.knobs.runtime.add_stages_inspection_hook; print('hook', type(h).__name__, h.settings.mode)",
          PROXYFENCE_TRITON="fix", PYTHONPATH=stand_in))
print(run(f"import sys; print('no variable', {loaded})", PYTHONPATH=stand_in))
print(run("import triton; print('unset', triton.knobs.runtime.add_stages_inspection_hook)", PYTHONPATH=stand_in))
# Uninstalling removes everything that was installed, the .pth included.
subprocess.run([python, "-m", "pip", "uninstall", "-q", "-y", "proxyfence"], check=True)
left = [os.path.join(d, n) for d, dirs, files in os.walk(venv) for n in dirs + files if "proxyfence" in n]
print("left after uninstall:", left)
