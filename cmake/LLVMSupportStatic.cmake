#===- LLVMSupportStatic.cmake - LLVM Support without libLLVM.so ------------===#
#
# ProxyFenceLLVMSupportStatic: LLVM's Support and Demangle archives and the
# system libraries they use, for programs that need no MLIR (the
# `proxyfence` launcher, the PTX fuzz target). Loading libLLVM.so costs
# 10-20 ms at start-up; a PTX check takes a fraction of a millisecond.
# Not for programs that also link MLIR: those get LLVM through MLIR's
# targets, and two copies of LLVM Support in one program would register
# its command-line options twice.
#
# Debian's imported LLVMSupport target also names libz3.so (for an SMT
# solver we never call); the archives are named directly to leave it out,
# and --as-needed drops system libraries nothing references.
#
#===-------------------------------------------------------------------------===#
add_library(ProxyFenceLLVMSupportStatic INTERFACE)
target_link_libraries(ProxyFenceLLVMSupportStatic INTERFACE
  "${LLVM_LIBRARY_DIR}/libLLVMSupport.a"
  "${LLVM_LIBRARY_DIR}/libLLVMDemangle.a"
  z zstd pthread rt dl m)
target_link_options(ProxyFenceLLVMSupportStatic INTERFACE "LINKER:--as-needed")
