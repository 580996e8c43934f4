# -*- Python -*-
# lit configuration for proxyfence. Tests run against the build tree.

import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "proxyfence"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ttgir", ".test", ".ptx"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.proxyfence_obj_root, "test")

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%srcroot", config.proxyfence_src_root))
config.substitutions.append(("%corpus", os.path.join(config.proxyfence_src_root, "corpus")))
config.substitutions.append(("%proxyfence_bindir", config.proxyfence_tools_dir))
config.substitutions.append(("%proxyfence_bin", os.path.join(config.proxyfence_tools_dir, "proxyfence")))
config.substitutions.append(("%objroot", config.proxyfence_obj_root))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%ninja", config.cmake_make_program))
config.substitutions.append(("%cxx", config.cmake_cxx_compiler))
# `cmake --install` gives the ProxyFence CMake package (not in a
# PROXYFENCE_STATIC or PROXYFENCE_SANITIZE build: cmake/Install.cmake).
if config.proxyfence_install_package:
    config.available_features.add("cmake-package")

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.proxyfence_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["proxyfence-opt"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.proxyfence_tools_dir, append_path=True)

# ptxas (CUDA toolkit) assembles the PTX the tests emit. Tests that need it
# say `REQUIRES: ptxas`; without it lit reports them UNSUPPORTED, and this
# note says why.
import glob
import shutil


def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    candidates = []
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            candidates.append(os.path.join(os.environ[var], "bin", "ptxas"))
    candidates.append("/usr/local/cuda/bin/ptxas")
    candidates.extend(sorted(glob.glob("/usr/local/cuda-*/bin/ptxas"), reverse=True))
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return candidate
    return None


ptxas = find_ptxas()
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("ptxas not found (PATH, $CUDA_HOME, /usr/local/cuda*): "
                    "tests that assemble PTX are UNSUPPORTED")

llvm_config.add_tool_substitutions(
    ["proxyfence", "proxyfence-ttgir", "proxyfence-translate", "fence-api-example",
     "proxyfence-fuzz-ttgir-replay", "proxyfence-fuzz-ptx-replay"], tool_dirs)

# nvcc (CUDA toolkit) compiles the CUDA kernels of test/PTX/Inputs to PTX
# inside the tests (`REQUIRES: nvcc`).
def find_nvcc():
    found = shutil.which("nvcc")
    if found:
        return found
    if ptxas and os.access(os.path.join(os.path.dirname(ptxas), "nvcc"), os.X_OK):
        return os.path.join(os.path.dirname(ptxas), "nvcc")
    return None


nvcc = find_nvcc()
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
else:
    lit_config.note("nvcc not found: tests that compile CUDA are UNSUPPORTED")
