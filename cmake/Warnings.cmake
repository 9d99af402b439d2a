# SPDX-License-Identifier: MIT
# Every compiler warning fabcheck builds with, one per line with the reason. Warnings are errors.
set(FC_WARNINGS
  -Wall                     # the baseline set
  -Wextra                   # unused parameters, sign/unsigned comparisons, missing initializers
  -Werror                   # warnings are errors: nothing lands with a warning
  -Wshadow                  # a local hiding another name is a bug waiting to happen
  -Wmissing-prototypes      # every non-static function is declared in a header
  -Wstrict-prototypes       # f(void), never f()
  -Wformat=2                # printf-style format strings checked, non-literal formats flagged
  -Wformat-truncation=2     # snprintf that may cut output
  -Wwrite-strings           # string literals are const
  -Wvla                     # no variable-length arrays: sizes of hostile input are bounded
  -Wimplicit-fallthrough    # a switch case that falls through says so
  -Wpointer-arith           # no arithmetic on void *
  -Wcast-qual               # casting away const hides ownership mistakes
  -Wundef                   # #if on an undefined macro is a typo
  -Wnull-dereference        # paths the optimiser proves dereference NULL
  -Wdouble-promotion        # float silently widened to double in arithmetic
  -fno-common               # one definition per global symbol
)
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  list(REMOVE_ITEM FC_WARNINGS -Wformat-truncation=2)
  list(APPEND FC_WARNINGS
    -Wformat-truncation=1   # gcc level 2 flags every snprintf into a fixed buffer
    -Wlogical-op            # duplicated or suspicious logical conditions
    -Wduplicated-cond)      # if/else-if chains testing the same thing
else()
  list(REMOVE_ITEM FC_WARNINGS -Wformat-truncation=2)
endif()
