/* SPDX-License-Identifier: MIT */
/* Containment of paths that untrusted inputs name. A snapshot's manifest, or an inventory in a
 * pull request, may name files; fabcheck reads such a file only when it resolves, symlinks
 * followed, inside a directory the input may read: the snapshot, the inventory's own tree, or a
 * directory the user allowed with --allow-outside. Everything else is refused, never read. */
#ifndef FC_PATH_H
#define FC_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

#define FC_MAX_ROOTS 16

/* The directories an input may read from, each resolved once (realpath). */
struct fc_roots {
	char *dir[FC_MAX_ROOTS];      /* owned: realpath results */
	const char *label[FC_MAX_ROOTS]; /* for messages: "the snapshot", "--allow-outside DIR" (not owned) */
	size_t n;
	/* where a file with more than one hard link is read: the user named the place (--allow-outside).
	 * Elsewhere such a file is refused: another of its names may lie outside every root, and
	 * its contents are then a file the input may not read (docs/security.md). owned */
	char *links_ok[FC_MAX_ROOTS];
	size_t nlinks_ok;
};

void fc_roots_init(struct fc_roots *r);
void fc_roots_free(struct fc_roots *r);
/* Adds dir (which must exist) under label. FC_ERR_IO naming dir when it cannot be resolved,
 * FC_ERR_USAGE when FC_MAX_ROOTS are given already. */
enum fc_rc fc_roots_add(struct fc_roots *r, const char *dir, const char *label, struct fc_err *err);

/* Files with several hard links are read under dir (which must exist): --allow-outside named it.
 * Errors as fc_roots_add's. */
enum fc_rc fc_roots_allow_links(struct fc_roots *r, const char *dir, struct fc_err *err);

/* Reads path (absolute, or relative to dir) when its resolution lies inside one of r's roots.
 * FC_ERR_INPUT with why when it resolves outside every root (why names where it points), or is a
 * file with several hard links outside every links_ok directory;
 * FC_ERR_IO when it cannot be resolved or opened; fc_read_fd's errors otherwise. The caller
 * names the file and line of the input that gave the path. */
enum fc_rc fc_read_inside(const struct fc_roots *r, const char *dir, const char *path, size_t max,
			  struct fc_buf *b, struct fc_err *err);
/* The same into an fc_input (mapped when large: buf.h). */
enum fc_rc fc_input_inside(const struct fc_roots *r, const char *dir, const char *path, size_t max,
			   struct fc_input *in, struct fc_err *err);

/* True when the directory path (absolute, or relative to dir) resolves inside one of r's roots;
 * its resolution in real. false with the reason in err (naming no file) otherwise. */
bool fc_dir_inside(const struct fc_roots *r, const char *dir, const char *path, char *real, size_t realsz,
		   struct fc_err *err);

#endif
