/* SPDX-License-Identifier: MIT */
/* The fabcheck command line as a library call, so tests run it in-process. */
#ifndef FC_CLI_H
#define FC_CLI_H

#include <stdio.h>

enum fc_exit {
	FC_EXIT_OK = 0,          /* nothing failing at or above --fail-on */
	FC_EXIT_FINDINGS = 1,    /* failing findings */
	FC_EXIT_USAGE = 2,       /* usage or input error */
	FC_EXIT_INCOMPLETE = 3,  /* a device could not be collected or has no data */
};

/* Runs one command line; returns the exit code. Writes only to out and errf. */
int fc_cli_main(int argc, char **argv, FILE *out, FILE *errf);

struct fc_cli_option {
	const char *name;       /* "--format" */
	const char *arg;        /* "FMT[=FILE]" or NULL for a flag */
	const char *commands;   /* which commands take it */
	const char *help;
};
/* Every option, ended by name == NULL (the man page test walks it). */
const struct fc_cli_option *fc_cli_options(void);

#endif
