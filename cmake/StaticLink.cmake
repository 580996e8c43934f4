#===- StaticLink.cmake - fully static, portable binaries -------------------===#
#
# Debian's imported MLIR targets link against the shared `LLVM` target. For a
# portable binary (one that runs on a machine without LLVM, such as the GPU
# host) every imported target's reference to `LLVM` is replaced by the static
# LLVM component archives, in the order llvm-config gives, and the executables
# are linked with -static.
#
#===-------------------------------------------------------------------------===#
find_program(PROXYFENCE_LLVM_CONFIG llvm-config HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
execute_process(
  COMMAND ${PROXYFENCE_LLVM_CONFIG} --link-static --libnames all
  OUTPUT_VARIABLE _pf_static_names OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(_pf_static_names UNIX_COMMAND "${_pf_static_names}")
# llvm-config also names z3 and libxml2, which only code we never link
# (the Z3 solver, Windows manifests) uses; zlib and zstd are real.
set(_pf_system_libs z zstd rt dl m pthread)
set(PROXYFENCE_STATIC_LLVM_LIBS)
foreach(_name IN LISTS _pf_static_names)
  # `all` also names optional components Debian ships separately (Polly).
  if(EXISTS "${LLVM_LIBRARY_DIR}/${_name}")
    list(APPEND PROXYFENCE_STATIC_LLVM_LIBS "${LLVM_LIBRARY_DIR}/${_name}")
  endif()
endforeach()
# Archives reference each other cyclically; let the linker rescan them.
set(PROXYFENCE_STATIC_LLVM_LINK
    "-Wl,--start-group" ${PROXYFENCE_STATIC_LLVM_LIBS} "-Wl,--end-group"
    ${_pf_system_libs})

get_property(_pf_imported DIRECTORY ${CMAKE_SOURCE_DIR} PROPERTY IMPORTED_TARGETS)
foreach(_tgt IN LISTS _pf_imported)
  get_target_property(_type ${_tgt} TYPE)
  if(NOT _type STREQUAL "STATIC_LIBRARY" AND NOT _type STREQUAL "INTERFACE_LIBRARY")
    continue()
  endif()
  get_target_property(_libs ${_tgt} INTERFACE_LINK_LIBRARIES)
  if(NOT _libs)
    continue()
  endif()
  list(TRANSFORM _libs REPLACE "^LLVM$" "PROXYFENCE_STATIC_LLVM")
  list(TRANSFORM _libs REPLACE "^zstd::libzstd_shared$" "zstd")
  list(TRANSFORM _libs REPLACE "^ZLIB::ZLIB$" "z")
  list(FILTER _libs EXCLUDE REGEX "^LibXml2::LibXml2$|^LibEdit::LibEdit$|libz3[.]so$")
  set_target_properties(${_tgt} PROPERTIES INTERFACE_LINK_LIBRARIES "${_libs}")
endforeach()
add_library(PROXYFENCE_STATIC_LLVM INTERFACE)
target_link_libraries(PROXYFENCE_STATIC_LLVM INTERFACE ${PROXYFENCE_STATIC_LLVM_LINK})

# Our own libraries are built with llvm_add_library, which links LINK_COMPONENTS
# through libLLVM.so while LLVM_LINK_LLVM_DYLIB is on.
set(LLVM_LINK_LLVM_DYLIB OFF)
set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} -static -static-libgcc -static-libstdc++")
