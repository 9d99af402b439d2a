/* SPDX-License-Identifier: MIT */
/* Where the probe reads its files from. Three kinds, one interface:
 *   this machine (root ""): the real /sys, /proc and /etc;
 *   a recorded tree under a root directory: every path resolves inside it (openat2
 *     RESOLVE_IN_ROOT), its symlinks as if the root were /, so a hostile tree cannot reach out;
 *   an agentless capture unpacked in memory (fc_memfs): no temporary files, nothing to clean up
 *     when a run is interrupted, and its size is the capture's.
 * Paths are absolute ("/sys/class/net/eth0/mtu"). */
#ifndef FC_FS_H
#define FC_FS_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"

struct fc_memfs;

struct fc_fs {
	const char *root;             /* disk: "" for this machine, else the recorded tree ("" in memory) */
	char *root_real;              /* disk with a root: its realpath (owned) */
	int rootfd;                   /* disk with a root: a descriptor of it; -1 otherwise */
	const struct fc_memfs *mem;   /* an unpacked capture; NULL on disk */
	const char *name;             /* in memory: the capture's file name, for file:line (may be NULL) */
};

/* A disk fs: root "" is this machine. false with the reason in err when root is no directory.
 * Release with fc_fs_close. */
bool fc_fs_open_disk(struct fc_fs *fs, const char *root, struct fc_err *err);
/* A view of an in-memory tree (owned by the caller, which must outlive fs); name: the capture it
 * was unpacked from (NULL: none), which errors in its files cite. */
void fc_fs_open_mem(struct fc_fs *fs, const struct fc_memfs *mem, const char *name);
/* Where the content of path is for a reader: the file an error cites (into buf) and the line it
 * starts on (*first): a capture's name and the line of the file's section, or the path on disk. */
const char *fc_fs_origin(const struct fc_fs *fs, const char *path, char *buf, size_t size, unsigned *first);
void fc_fs_close(struct fc_fs *fs);

/* A whole regular file, at most max bytes; false with the reason in err otherwise (FC_ERR_IO:
 * absent, permission denied, not readable; FC_ERR_INPUT: longer than max, not a regular file),
 * its message naming path. b is initialised here; free it on success. */
bool fc_fs_read(const struct fc_fs *fs, const char *path, size_t max, struct fc_buf *b, struct fc_err *err);
/* A directory whose files are read by name: one path lookup for the directory, one name for each
 * file (a GID table is hundreds of files in three directories). Not owned beyond fs. */
struct fc_fs_dir {
	const struct fc_fs *fs;
	int fd;                  /* on disk: the directory; -1 in memory */
	char path[4096];
};
/* The directory at the path fmt formats; false when it is no directory (d is then safe to read
 * from, each read failing, and to close). */
bool fc_fs_dir_open(const struct fc_fs *fs, struct fc_fs_dir *d, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* fc_fs_read of DIR/name. */
bool fc_fs_dir_read(const struct fc_fs_dir *d, const char *name, size_t max, struct fc_buf *b, struct fc_err *err);
void fc_fs_dir_close(struct fc_fs_dir *d);
/* The names in a directory, sorted, without dot entries, NULL-terminated (malloc'd: free with
 * fc_fs_list_free). NULL when path is no directory. */
char **fc_fs_list(const struct fc_fs *fs, const char *dir, size_t *n);
void fc_fs_list_free(char **v, size_t n);
bool fc_fs_is_dir(const struct fc_fs *fs, const char *path);
/* The target of a symlink as stored. */
bool fc_fs_readlink(const struct fc_fs *fs, const char *path, char *out, size_t outsz);
/* The absolute path, inside the fs, that path resolves to (every symlink followed). */
bool fc_fs_realpath(const struct fc_fs *fs, const char *path, char *out, size_t outsz);

/* --- the in-memory tree (an agentless capture) ------------------------------------------- */

/* Bounds on what a capture may create: entries and bytes of file content. */
#define FC_MEMFS_MAX_ENTRIES 500000u
#define FC_MEMFS_MAX_BYTES (256u * 1024u * 1024u)

/* An empty tree with its own arena; NULL when out of memory. */
struct fc_memfs *fc_memfs_new(void);
void fc_memfs_free(struct fc_memfs **m);
/* A file of len bytes at path (absolute, normalised: no "." or ".." component); data is copied
 * unless keep says it outlives the tree; line: the capture's line it starts on (0: none).
 * Parent directories are created. false with the reason in err when a bound is reached or the
 * path is taken by another kind of entry. */
bool fc_memfs_file(struct fc_memfs *m, const char *path, const char *data, size_t len, bool keep, unsigned line,
		   struct fc_err *err);
/* A directory (and its parents). */
bool fc_memfs_dir(struct fc_memfs *m, const char *path, struct fc_err *err);
/* A symlink at path to target (absolute). */
bool fc_memfs_link(struct fc_memfs *m, const char *path, const char *target, struct fc_err *err);
/* Removes a file (a command that was not installed: no output, not an empty one). */
void fc_memfs_unlink(struct fc_memfs *m, const char *path);
size_t fc_memfs_entries(const struct fc_memfs *m);

#endif
