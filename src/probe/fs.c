/* SPDX-License-Identifier: MIT */
/* The probe's file access: this machine, a recorded tree held inside its root by openat2
 * (RESOLVE_IN_ROOT), or an in-memory tree with its own path resolution. */
#include "probe/fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/hmap.h"

/* --- the in-memory tree -------------------------------------------------------------------- */

enum mkind { M_GONE, M_FILE, M_DIR, M_LINK };

struct mnode {
	enum mkind kind;
	const char *data;           /* file content */
	size_t len;
	unsigned line;              /* the capture's line the content starts on; 0: none */
	const char *target;         /* link target, absolute */
	const char **kids;          /* directory entries (names), unsorted */
	size_t nkids, kcap;
};

struct fc_memfs {
	struct fc_arena *a;
	struct fc_hmap *nodes;      /* normalised absolute path -> struct mnode */
	size_t entries, bytes;
};

struct fc_memfs *fc_memfs_new(void)
{
	struct fc_arena *a = fc_arena_new();
	struct fc_memfs *m = a ? fc_alloc(a, sizeof(*m)) : NULL;

	if (!m || !(m->nodes = fc_hmap_new(a, 1024))) {
		fc_arena_free(&a);
		return NULL;
	}
	m->a = a;
	return m;
}

void fc_memfs_free(struct fc_memfs **m)
{
	struct fc_arena *a;

	if (!m || !*m)
		return;
	a = (*m)->a;
	fc_arena_free(&a);
	*m = NULL;
}

size_t fc_memfs_entries(const struct fc_memfs *m)
{
	return m->entries;
}

static struct mnode *mget(const struct fc_memfs *m, const char *path)
{
	struct mnode *n = fc_hmap_get(m->nodes, path, strlen(path));

	return n && n->kind != M_GONE ? n : NULL;
}

/* Collapses "//" and "/./" into out; false on "..", a relative path or one too long. */
static bool normalise(const char *in, char *out, size_t size)
{
	size_t o = 0;
	const char *p = in;

	if (in[0] != '/')
		return false;
	while (*p) {
		const char *e;
		size_t n;

		while (*p == '/')
			p++;
		e = p + strcspn(p, "/");
		n = (size_t)(e - p);
		if (n == 0 || (n == 1 && p[0] == '.')) {
			p = e;
			continue;
		}
		if (n == 2 && p[0] == '.' && p[1] == '.')
			return false;
		if (o + n + 2 > size)
			return false;
		out[o++] = '/';
		memcpy(out + o, p, n);
		o += n;
		p = e;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	return true;
}

/* The node at the normalised path, created as kind (parents as directories). */
static struct mnode *mput(struct fc_memfs *m, const char *path, enum mkind kind, struct fc_err *err)
{
	struct mnode *n = fc_hmap_get(m->nodes, path, strlen(path)), *parent;
	char dir[PATH_MAX];
	const char *slash, *name;
	int failed = 0;

	if (n && n->kind != M_GONE) {
		if (n->kind == kind)
			return n;
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%.300s is a %s already", path,
			   n->kind == M_DIR ? "directory" : n->kind == M_LINK ? "symlink" : "file");
		return NULL;
	}
	if (m->entries >= FC_MEMFS_MAX_ENTRIES) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "more than %u files and directories", FC_MEMFS_MAX_ENTRIES);
		return NULL;
	}
	if (!n) {
		n = fc_alloc(m->a, sizeof(*n));
		if (!n || fc_hmap_put(m->nodes, path, strlen(path), n, &failed) || failed) {
			fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
			return NULL;
		}
	}
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	m->entries++;
	if (!strcmp(path, "/"))
		return n;
	slash = strrchr(path, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	if (!(parent = mput(m, dir, M_DIR, err)))
		return NULL;
	name = fc_strdup(m->a, slash + 1);
	parent->kids = fc_grow(m->a, parent->kids, parent->nkids, &parent->kcap, sizeof(*parent->kids));
	if (!name || !parent->kids) {
		fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	parent->kids[parent->nkids++] = name;
	return n;
}

bool fc_memfs_file(struct fc_memfs *m, const char *path, const char *data, size_t len, bool keep, unsigned line,
		   struct fc_err *err)
{
	char p[PATH_MAX];
	struct mnode *n;

	if (!normalise(path, p, sizeof(p))) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "'%.300s' is not an absolute path without '..'", path);
		return false;
	}
	if (len > FC_MEMFS_MAX_BYTES - m->bytes) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "more than %u MiB of files", FC_MEMFS_MAX_BYTES >> 20);
		return false;
	}
	if (mget(m, p)) {   /* one content per file: a second would silently replace the first */
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%.300s given twice", p);
		return false;
	}
	if (!(n = mput(m, p, M_FILE, err)))
		return false;
	m->bytes += len;
	n->len = len;
	n->line = line;
	n->data = keep ? data : fc_strndup(m->a, data, len);
	if (!n->data) {
		fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		return false;
	}
	return true;
}

bool fc_memfs_dir(struct fc_memfs *m, const char *path, struct fc_err *err)
{
	char p[PATH_MAX];

	if (!normalise(path, p, sizeof(p))) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "'%.300s' is not an absolute path without '..'", path);
		return false;
	}
	return mput(m, p, M_DIR, err) != NULL;
}

bool fc_memfs_link(struct fc_memfs *m, const char *path, const char *target, struct fc_err *err)
{
	char p[PATH_MAX], t[PATH_MAX];
	struct mnode *n;

	if (!normalise(path, p, sizeof(p)) || !normalise(target, t, sizeof(t))) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "'%.300s' -> '%.300s': absolute paths without '..' expected",
			   path, target);
		return false;
	}
	if (mget(m, p)) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%.300s given twice", p);
		return false;
	}
	if (!(n = mput(m, p, M_LINK, err)) || !(n->target = fc_strdup(m->a, t))) {
		if (n)
			fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		return false;
	}
	return true;
}

void fc_memfs_unlink(struct fc_memfs *m, const char *path)
{
	char p[PATH_MAX], dir[PATH_MAX];
	struct mnode *n, *parent;
	const char *slash;
	size_t i;

	if (!normalise(path, p, sizeof(p)) || !(n = mget(m, p)) || n->kind == M_DIR)
		return;
	m->bytes -= n->kind == M_FILE ? n->len : 0;
	n->kind = M_GONE;
	m->entries--;
	slash = strrchr(p, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash == p ? 1 : (int)(slash - p), p);
	if (!(parent = mget(m, dir)))
		return;
	for (i = 0; i < parent->nkids; i++)
		if (!strcmp(parent->kids[i], slash + 1)) {
			parent->kids[i] = parent->kids[--parent->nkids];
			break;
		}
}

/* Resolves path in the tree, following every symlink (the last one too when follow) the way
 * the kernel does: ".." after a symlink leaves the directory it pointed to. */
static const struct mnode *mresolve(const struct fc_memfs *m, const char *path, bool follow, char *out, size_t outsz)
{
	char rest[PATH_MAX], cur[PATH_MAX];
	size_t hops = 0, cl = 0;
	const struct mnode *n = mget(m, "/");

	if (path[0] != '/' || strlen(path) >= sizeof(rest))
		return NULL;
	snprintf(rest, sizeof(rest), "%s", path);
	cur[0] = '\0';
	for (;;) {
		char *p = rest, comp[NAME_MAX + 1];
		size_t k;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		k = strcspn(p, "/");
		if (k > NAME_MAX)
			return NULL;
		memcpy(comp, p, k);
		comp[k] = '\0';
		memmove(rest, p + k, strlen(p + k) + 1);
		if (!strcmp(comp, "."))
			continue;
		if (!strcmp(comp, "..")) {
			while (cl > 0 && cur[cl - 1] != '/')
				cl--;
			if (cl > 0)
				cl--;
			cur[cl] = '\0';
			n = mget(m, cl ? cur : "/");
			continue;
		}
		if (cl + k + 2 > sizeof(cur))
			return NULL;
		cur[cl++] = '/';
		memcpy(cur + cl, comp, k + 1);
		cl += k;
		if (!(n = mget(m, cur)))
			return NULL;
		if (n->kind == M_LINK && (rest[0] || follow)) {
			char next[PATH_MAX];

			if (++hops > 40 || !fc_pathf(next, sizeof(next), "%s%s", n->target, rest))
				return NULL;
			snprintf(rest, sizeof(rest), "%s", next);
			cl = 0;
			cur[0] = '\0';
			n = mget(m, "/");
		}
	}
	if (out)
		snprintf(out, outsz, "%s", cl ? cur : "/");
	return n;
}

/* --- disk ------------------------------------------------------------------------------------ */

bool fc_fs_open_disk(struct fc_fs *fs, const char *root, struct fc_err *err)
{
	memset(fs, 0, sizeof(*fs));
	fs->root = root ? root : "";
	fs->rootfd = -1;
	if (!fs->root[0])
		return true;
	fs->rootfd = open(fs->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
	fs->root_real = realpath(fs->root, NULL);
	if (fs->rootfd < 0 || !fs->root_real) {
		fc_err_set(err, FC_ERR_IO, NULL, 0, "%s: %s", fs->root, strerror(errno));
		fc_fs_close(fs);
		return false;
	}
	return true;
}

void fc_fs_open_mem(struct fc_fs *fs, const struct fc_memfs *mem, const char *name)
{
	memset(fs, 0, sizeof(*fs));
	fs->root = "";
	fs->rootfd = -1;
	fs->mem = mem;
	fs->name = name;
}

const char *fc_fs_origin(const struct fc_fs *fs, const char *path, char *buf, size_t size, unsigned *first)
{
	const struct mnode *n;

	*first = 1;
	if (!fs->mem) {
		snprintf(buf, size, "%s%s", fs->root, path);
		return buf;
	}
	n = mresolve(fs->mem, path, true, NULL, 0);
	if (!fs->name || !n || n->kind != M_FILE || !n->line) {
		snprintf(buf, size, "%s", path);
		return buf;
	}
	*first = n->line;
	snprintf(buf, size, "%s", fs->name);
	return buf;
}

void fc_fs_close(struct fc_fs *fs)
{
	if (fs->rootfd >= 0)
		close(fs->rootfd);
	free(fs->root_real);
	fs->rootfd = -1;
	fs->root_real = NULL;
}

/* Opens path on disk: as it is on this machine, inside the root for a recorded tree (where the
 * kernel has no openat2, by realpath and a prefix check). -1 with errno otherwise. */
static int dopen(const struct fc_fs *fs, const char *path, int flags)
{
	struct open_how how;
	char full[PATH_MAX], *real;
	int fd, tries;

	if (fs->rootfd < 0)
		return open(path, flags | O_CLOEXEC);
	memset(&how, 0, sizeof(how));
	how.flags = (unsigned long long)(flags | O_CLOEXEC);
	how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;
	/* with ".." in the path, openat2 fails with EAGAIN when any rename or mount happened on the
	 * system meanwhile (a veth renamed, a namespace mounted): openat2(2) asks for a retry */
	for (tries = 0; tries < 1000; tries++) {
		fd = (int)syscall(SYS_openat2, fs->rootfd, path[0] == '/' ? path + 1 : path, &how, sizeof(how));
		if (fd >= 0 || errno != EAGAIN)
			break;
	}
	if (fd >= 0 || errno != ENOSYS)
		return fd;
	if (!fc_pathf(full, sizeof(full), "%s%s", fs->root, path) || !(real = realpath(full, NULL)))
		return -1;
	if (strncmp(real, fs->root_real, strlen(fs->root_real)) ||
	    (real[strlen(fs->root_real)] && real[strlen(fs->root_real)] != '/')) {
		free(real);
		errno = EXDEV;
		return -1;
	}
	fd = open(real, flags | O_CLOEXEC | O_NOFOLLOW);
	free(real);
	return fd;
}

static const char *errtext(int e)
{
	return e == ENOENT || e == ENOTDIR ? "absent" : e == EACCES || e == EPERM ? "permission denied"
	       : e == EXDEV ? "resolves outside the recorded tree" : strerror(e);
}

/* The rest of fc_fs_read for an open descriptor (closed here); path names it in messages. */
static bool read_fd(int fd, const char *path, size_t max, struct fc_buf *b, struct fc_err *err)
{
	char chunk[16384];
	struct stat st;

	/* sysfs and procfs files say 4096 or 0 bytes whatever they hold: read, do not trust st_size */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%s: not a regular file", path);
		close(fd);
		return false;
	}
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			/* e.g. an unset GID type reads as EINVAL */
			fc_err_set(err, FC_ERR_IO, NULL, 0, "%s: not readable (%s)", path, strerror(errno));
			close(fd);
			fc_buf_free(b);
			return false;
		}
		if (n == 0)
			break;
		if (fc_buf_add(b, chunk, (size_t)n) != FC_OK) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%s: longer than %zu bytes", path, max);
			close(fd);
			return false;
		}
		/* the end without asking again (one read less a file, thousands on a host with many
		 * GIDs): a file on disk holds what its size says; a sysfs attribute (size 4096) is
		 * shown whole by its first read, so a shorter one is all of it. procfs (size 0) and
		 * anything else is read to the end. */
		if ((size_t)n < sizeof(chunk) &&
		    ((st.st_size > 0 && b->len == (size_t)st.st_size) || (st.st_size == 4096 && b->len < 4096)))
			break;
	}
	close(fd);
	if (b->len > max) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%s: longer than %zu bytes", path, max);
		fc_buf_free(b);
		return false;
	}
	if (!b->data && fc_buf_add(b, "", 0) != FC_OK) {
		fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "%s: out of memory", path);
		return false;
	}
	return true;
}

bool fc_fs_read(const struct fc_fs *fs, const char *path, size_t max, struct fc_buf *b, struct fc_err *err)
{
	int fd;

	fc_buf_init(b, max + 1);
	if (fs->mem) {
		const struct mnode *n = mresolve(fs->mem, path, true, NULL, 0);

		if (!n || n->kind != M_FILE) {
			fc_err_set(err, n ? FC_ERR_INPUT : FC_ERR_IO, NULL, 0, "%s: %s", path,
				   n ? "not a regular file" : "absent");
			return false;
		}
		if (n->len > max) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "%s: longer than %zu bytes", path, max);
			return false;
		}
		if (fc_buf_add(b, n->data, n->len) != FC_OK) {
			fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "%s: out of memory", path);
			return false;
		}
		return true;
	}
	fd = dopen(fs, path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		fc_err_set(err, FC_ERR_IO, NULL, 0, "%s: %s", path, errtext(errno));
		return false;
	}
	return read_fd(fd, path, max, b, err);
}

bool fc_fs_dir_open(const struct fc_fs *fs, struct fc_fs_dir *d, const char *fmt, ...)
{
	va_list ap;
	int n;

	d->fs = fs;
	d->fd = -1;
	va_start(ap, fmt);
	n = vsnprintf(d->path, sizeof(d->path), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(d->path)) {
		d->path[0] = '\0';   /* every read fails: the path of no file */
		return false;
	}
	if (!fs->mem)
		d->fd = dopen(fs, d->path, O_RDONLY | O_DIRECTORY);
	return fs->mem || d->fd >= 0;
}

bool fc_fs_dir_read(const struct fc_fs_dir *d, const char *name, size_t max, struct fc_buf *b, struct fc_err *err)
{
	char path[PATH_MAX];
	int fd = -1;

	if (!fc_pathf(path, sizeof(path), "%s/%s", d->path, name)) {
		fc_err_set(err, FC_ERR_IO, NULL, 0, "%s/%s: path too long", d->path, name);
		fc_buf_init(b, max + 1);
		return false;
	}
	/* one name looked up in the open directory, not the whole path again; a name that is not a
	 * single plain component, or a symlink (O_NOFOLLOW: ELOOP), goes the whole way, held in the
	 * root as every path is */
	if (d->fd >= 0 && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..") && *name) {
		fd = openat(d->fd, name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && errno != ELOOP) {
			fc_buf_init(b, max + 1);
			fc_err_set(err, FC_ERR_IO, NULL, 0, "%s: %s", path, errtext(errno));
			return false;
		}
	}
	if (fd < 0)
		return fc_fs_read(d->fs, path, max, b, err);
	fc_buf_init(b, max + 1);
	return read_fd(fd, path, max, b, err);
}

void fc_fs_dir_close(struct fc_fs_dir *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void fc_fs_list_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

char **fc_fs_list(const struct fc_fs *fs, const char *dir, size_t *n)
{
	char **v;
	size_t cap = 16;

	*n = 0;
	if (!(v = calloc(cap, sizeof(*v))))
		return NULL;
	if (fs->mem) {
		const struct mnode *d = mresolve(fs->mem, dir, true, NULL, 0);
		size_t i;

		if (!d || d->kind != M_DIR) {
			free(v);
			return NULL;
		}
		for (i = 0; i < d->nkids; i++) {
			if (*n + 1 >= cap) {
				char **nv = realloc(v, (cap *= 2) * sizeof(*v));

				if (!nv)
					break;
				v = nv;
			}
			if ((v[*n] = strdup(d->kids[i])))
				(*n)++;
		}
	} else {
		int fd = dopen(fs, dir, O_RDONLY | O_DIRECTORY);
		DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
		struct dirent *de;

		if (!d) {
			if (fd >= 0)
				close(fd);
			free(v);
			return NULL;
		}
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			if (*n + 1 >= cap) {
				char **nv = realloc(v, (cap *= 2) * sizeof(*v));

				if (!nv)
					break;
				v = nv;
			}
			if ((v[*n] = strdup(de->d_name)))
				(*n)++;
		}
		closedir(d);
	}
	qsort(v, *n, sizeof(*v), cmp_names);
	v[*n] = NULL;
	return v;
}

bool fc_fs_is_dir(const struct fc_fs *fs, const char *path)
{
	int fd;

	if (fs->mem) {
		const struct mnode *n = mresolve(fs->mem, path, true, NULL, 0);

		return n && n->kind == M_DIR;
	}
	fd = dopen(fs, path, O_PATH | O_DIRECTORY);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool fc_fs_readlink(const struct fc_fs *fs, const char *path, char *out, size_t outsz)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	ssize_t n;
	int fd;

	if (fs->mem) {
		const struct mnode *l = mresolve(fs->mem, path, false, NULL, 0);

		if (!l || l->kind != M_LINK)
			return false;
		snprintf(out, outsz, "%s", l->target);
		return true;
	}
	if (!slash || !fc_pathf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path))
		return false;
	/* the directory resolved inside the root, the link read in it (not followed) */
	fd = dopen(fs, dir, O_PATH | O_DIRECTORY);
	if (fd < 0)
		return false;
	n = readlinkat(fd, slash + 1, out, outsz - 1);
	close(fd);
	if (n < 0)
		return false;
	out[n] = '\0';
	return true;
}

bool fc_fs_realpath(const struct fc_fs *fs, const char *path, char *out, size_t outsz)
{
	char proc[64], real[PATH_MAX];
	ssize_t n;
	size_t rl;
	int fd;

	if (fs->mem)
		return mresolve(fs->mem, path, true, out, outsz) != NULL;
	if (fs->rootfd < 0) {
		if (!realpath(path, real))
			return false;
		snprintf(out, outsz, "%s", real);
		return true;
	}
	fd = dopen(fs, path, O_PATH);
	if (fd < 0)
		return false;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, real, sizeof(real) - 1);
	close(fd);
	if (n < 0)
		return false;
	real[n] = '\0';
	rl = strlen(fs->root_real);
	if (strncmp(real, fs->root_real, rl) || (real[rl] && real[rl] != '/'))
		return false;
	snprintf(out, outsz, "%s", real[rl] ? real + rl : "/");
	return true;
}
