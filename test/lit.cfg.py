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

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.proxyfence_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["proxyfence-opt"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.proxyfence_tools_dir, append_path=True)
