/* SPDX-License-Identifier: MIT */
/* fabcheck entry point: everything else is the library the tests link. */
#include <stdio.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
	return fc_cli_main(argc, argv, stdout, stderr);
}
