#===- Install.cmake - what `cmake --install` puts under the prefix ---------===#
#
#   bin/                    proxyfence, proxyfence-ttgir, proxyfence-opt,
#                           proxyfence-translate (side by side: the launcher
#                           runs proxyfence-ttgir from its own directory)
#   include/proxyfence/     the headers, their ODS sources (.td), the headers
#                           TableGen generated from them (.h.inc, .cpp.inc)
#                           and StatisticABI.h
#   lib/                    the libraries (static archives)
#   lib/cmake/ProxyFence/   the CMake package: ProxyFenceConfig.cmake, its
#                           version file, ProxyFenceTargets.cmake
#
# add_mlir_library installs every MLIR-based library into the export set
# MLIRTargets (AddMLIR.cmake: add_mlir_library_install, through
# get_target_export_arg). The two MLIR-free libraries join that set here and
# the set is exported as ProxyFence::<name without the ProxyFence prefix>
# (ProxyFence::Checker, ProxyFence::PTX, ...). The test-only pass library is
# not installed (test/lib/CMakeLists.txt). See docs/embedding.md.
#
#===-------------------------------------------------------------------------===#
include(CMakePackageConfigHelpers)

set(PROXYFENCE_INSTALL_LIBDIR lib${LLVM_LIBDIR_SUFFIX})
set(PROXYFENCE_INSTALL_CMAKEDIR ${PROXYFENCE_INSTALL_LIBDIR}/cmake/ProxyFence)

install(TARGETS proxyfence proxyfence-ttgir proxyfence-opt proxyfence-translate
  RUNTIME DESTINATION bin)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/proxyfence
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/proxyfence
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)
# Force-included by consumers, as by our own translation units (the package
# config adds it to every target).
install(FILES ${PROJECT_SOURCE_DIR}/cmake/StatisticABI.h
  DESTINATION include/proxyfence)

install(TARGETS ProxyFenceEngine ProxyFencePTX ProxyFenceCommandLine
  EXPORT MLIRTargets
  ARCHIVE DESTINATION ${PROXYFENCE_INSTALL_LIBDIR})

# The package describes libraries that link libLLVM.so (Debian's default).
# A PROXYFENCE_STATIC build links the static LLVM archives instead, and a
# sanitizer build's archives need the sanitizer runtimes: neither exports one.
# (PROXYFENCE_INSTALL_PACKAGE tells the lit configuration.)
set(PROXYFENCE_INSTALL_PACKAGE OFF)
if(PROXYFENCE_STATIC OR PROXYFENCE_SANITIZE)
  message(STATUS "proxyfence: not installing the ProxyFence CMake package "
                 "(PROXYFENCE_STATIC or PROXYFENCE_SANITIZE build)")
  return()
endif()

set(PROXYFENCE_INSTALL_PACKAGE ON)

get_property(_pf_libraries GLOBAL PROPERTY MLIR_EXPORTS)
list(FILTER _pf_libraries INCLUDE REGEX "^ProxyFence")
list(APPEND _pf_libraries ProxyFenceEngine ProxyFencePTX ProxyFenceCommandLine)
set(PROXYFENCE_EXPORTED_TARGETS)
foreach(_pf_library IN LISTS _pf_libraries)
  string(REGEX REPLACE "^ProxyFence" "" _pf_name ${_pf_library})
  set_target_properties(${_pf_library} PROPERTIES EXPORT_NAME ${_pf_name})
  # In the build tree the include directories are the directory's; the
  # MLIR/LLVM ones and the ABI flags are added by the package config.
  target_include_directories(${_pf_library} INTERFACE
    $<INSTALL_INTERFACE:include>)
  target_compile_features(${_pf_library} INTERFACE cxx_std_17)
  list(APPEND PROXYFENCE_EXPORTED_TARGETS ProxyFence::${_pf_name})
endforeach()

# ProxyFenceEngine (and PTX and CommandLine, through it) names no LLVM library: in the
# build each program brings its own LLVM Support (the launcher the static
# archive, cmake/LLVMSupportStatic.cmake). A consumer gets libLLVM.so, the
# one copy of LLVM that MLIR's imported targets link too, so a program that
# links ProxyFence::PTX and ProxyFence::Checker has LLVM Support once.
target_link_libraries(ProxyFenceEngine INTERFACE $<INSTALL_INTERFACE:LLVM>)

install(EXPORT MLIRTargets
  NAMESPACE ProxyFence::
  FILE ProxyFenceTargets.cmake
  DESTINATION ${PROXYFENCE_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/ProxyFenceConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/ProxyFenceConfig.cmake
  INSTALL_DESTINATION ${PROXYFENCE_INSTALL_CMAKEDIR})
# 0.x: releases that differ in the minor version are not compatible.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/ProxyFenceConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/ProxyFenceConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/ProxyFenceConfigVersion.cmake
  DESTINATION ${PROXYFENCE_INSTALL_CMAKEDIR})
