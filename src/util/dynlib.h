/* SPDX-License-Identifier: MIT */
/* Libraries loaded when first used. Only collecting (libcurl, libssh), the live probe (libmnl,
 * libnftables, libip4tc, liblldpctl, libibverbs) and XML (libxml2: NETCONF, Junos XML, JUnit)
 * need them; binding ~50 libraries at every start made `fabcheck version` 5x `ls --version`, and a
 * Slurm health check or a CI job pays that on every run. Each library has a table of its functions
 * (dl_curl.h, ...), typed from the library's own header, filled by dlsym on first use.
 *
 * The one rule: a path that uses a library calls fc_dynlib_load first and turns its error into the
 * user's (the job, the probe value or the report says what is missing and which package has it);
 * after that the table getter (fc_curl() ...) cannot fail. The tables are process-wide state, as
 * the dynamic loader's own is: loaded once under a lock, never unloaded. */
#ifndef FC_DYNLIB_H
#define FC_DYNLIB_H

#include <stdbool.h>

#include "util/err.h"

enum fc_dynlib {
	FC_LIB_CURL,
	FC_LIB_SSH,
	FC_LIB_XML2,
	FC_LIB_MNL,
	FC_LIB_NFT,
	FC_LIB_IPTC,
	FC_LIB_LLDPCTL,
	FC_LIB_IBVERBS,
	FC_LIB_COUNT
};

/* Loads lib and binds every function its table names. FC_ERR_UNSUPPORTED when it is not installed
 * (or was not built in: libibverbs), with the soname and the Debian package that ships it. The
 * outcome is kept: a second call answers the same without trying again. */
enum fc_rc fc_dynlib_load(enum fc_dynlib lib, struct fc_err *err);
/* The soname loaded ("libcurl.so.4") and the Debian package it comes from (from the build
 * machine's dpkg, "" when unknown). */
const char *fc_dynlib_soname(enum fc_dynlib lib);
const char *fc_dynlib_package(enum fc_dynlib lib);

/* For the table headers: one member per function, typed from its declaration, and the getter's
 * failure path (a use without fc_dynlib_load: a bug; says so and aborts). */
#define FC_DYNLIB_SLOT(f) __typeof__(&f) f;
void fc_dynlib_unloaded(enum fc_dynlib lib) __attribute__((noreturn));

#endif
