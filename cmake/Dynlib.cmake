# SPDX-License-Identifier: MIT
# Libraries fabcheck loads when first used (src/util/dynlib.h): their headers are used at build
# time, the binary does not link them. For each, the build records the soname it compiled against
# (from the library pkg-config found) and the Debian package that ships it (from dpkg on the build
# machine), passed to the code as FC_SONAME_<KEY> and FC_DEB_<KEY>; the package names go into the
# .deb's Depends, which dpkg-shlibdeps cannot see for a library that is not linked.

# fc_dynlib(KEY PKGCONFIG_PREFIX LIBNAME [RECOMMENDS]): PREFIX_LINK_LIBRARIES from
# pkg_check_modules; LIBNAME the library's file stem ("curl" for libcurl.so); RECOMMENDS for a
# library whose absence leaves only some values UNKNOWN (its package goes to Recommends, not
# Depends: liblldpctl comes with the lldpd daemon, libibverbs only matters on RDMA hosts).
function(fc_dynlib key prefix libname)
  set(path "")
  foreach(l ${${prefix}_LINK_LIBRARIES})
    get_filename_component(n "${l}" NAME)
    if(n STREQUAL "lib${libname}.so")
      set(path "${l}")
    endif()
  endforeach()
  if(NOT path)
    message(FATAL_ERROR "fc_dynlib: no lib${libname}.so among ${${prefix}_LINK_LIBRARIES}")
  endif()
  find_program(FC_OBJDUMP NAMES objdump llvm-objdump REQUIRED)
  execute_process(COMMAND ${FC_OBJDUMP} -p "${path}" OUTPUT_VARIABLE dump RESULT_VARIABLE rc)
  string(REGEX MATCH "SONAME +([^ \n]+)" m "${dump}")
  if(NOT rc EQUAL 0 OR NOT CMAKE_MATCH_1)
    message(FATAL_ERROR "fc_dynlib: no SONAME in ${path}")
  endif()
  set(soname "${CMAKE_MATCH_1}")
  get_filename_component(dir "${path}" DIRECTORY)
  get_filename_component(real "${dir}/${soname}" REALPATH)
  set(deb "")
  find_program(FC_DPKG_QUERY dpkg-query)
  if(FC_DPKG_QUERY)
    foreach(p "${dir}/${soname}" "${real}")
      if(NOT deb)
        execute_process(COMMAND ${FC_DPKG_QUERY} -S "${p}" OUTPUT_VARIABLE out ERROR_QUIET RESULT_VARIABLE rc)
        if(rc EQUAL 0)
          string(REGEX MATCH "^([^:, ]+)" m "${out}")
          set(deb "${CMAKE_MATCH_1}")
        endif()
      endif()
    endforeach()
  endif()
  set(FC_DYNLIB_DEFS ${FC_DYNLIB_DEFS} FC_SONAME_${key}="${soname}" FC_DEB_${key}="${deb}" PARENT_SCOPE)
  if(deb AND "RECOMMENDS" IN_LIST ARGN)
    set(FC_DYNLIB_RECOMMENDS ${FC_DYNLIB_RECOMMENDS} ${deb} PARENT_SCOPE)
  elseif(deb)
    set(FC_DYNLIB_DEBS ${FC_DYNLIB_DEBS} ${deb} PARENT_SCOPE)
  endif()
  message(STATUS "loaded when used: ${soname} (${deb})")
endfunction()
