/* SPDX-License-Identifier: MIT */
/* The arena: allocations are zeroed and aligned, and the intern table gives one pointer per
 * distinct string through its growth (open addressing, linear probing, a recent-entry cache). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/bgwrite.h"
#include "util/buf.h"
#include "util/str.h"

#define N 200000   /* past many doublings of the table and the 1024-entry recent cache */

static void intern_one_pointer_per_string(void **state)
{
	struct fc_arena *a = fc_arena_new();
	const char **p = calloc(N, sizeof(*p));
	char buf[64];
	size_t i;

	(void)state;
	assert_non_null(a);
	assert_non_null(p);
	assert_null(fc_intern(a, NULL));
	for (i = 0; i < N; i++) {
		snprintf(buf, sizeof(buf), "leaf%zu:Ethernet1/%zu", i / 64, i % 64);
		p[i] = fc_intern(a, buf);
		assert_non_null(p[i]);
		assert_ptr_not_equal(p[i], buf);
		assert_string_equal(p[i], buf);
	}
	/* the same strings again, in another order and from another buffer: the same pointers */
	for (i = N; i-- > 0;) {
		snprintf(buf, sizeof(buf), "leaf%zu:Ethernet1/%zu", i / 64, i % 64);
		assert_ptr_equal(fc_intern(a, buf), p[i]);
	}
	/* distinct strings, distinct pointers (a prefix is not the string) */
	assert_ptr_not_equal(fc_intern(a, "leaf1:Ethernet1/1"), fc_intern(a, "leaf1:Ethernet1/10"));
	assert_ptr_equal(fc_intern(a, ""), fc_intern(a, ""));
	assert_string_equal(fc_intern(a, ""), "");
	for (i = 1; i < N; i++)
		assert_ptr_not_equal(p[i], p[i - 1]);
	free(p);
	fc_arena_free(&a);
	assert_null(a);
}

/* fc_intern_repeated: a copy the first time, the one interned pointer from the second on; the
 * bytes are always the string's, at every length around the hash's 8-byte words. */
static void intern_repeated(void **state)
{
	struct fc_arena *a = fc_arena_new();
	char buf[64];
	size_t i, n;

	(void)state;
	assert_null(fc_intern_repeated(a, NULL, 0));
	for (i = 0; i < 1000; i++) {
		const char *first, *second;

		n = (size_t)snprintf(buf, sizeof(buf), "fe80::%zx:%zx", i * 7919, i);
		first = fc_intern_repeated(a, buf, n);
		second = fc_intern_repeated(a, buf, n);
		assert_string_equal(first, buf);
		assert_string_equal(second, buf);
		assert_ptr_equal(fc_intern_repeated(a, buf, n), second);
		assert_ptr_equal(fc_intern_n(a, buf, n), second);   /* the same table */
	}
	for (n = 0; n <= 40; n++) {   /* every tail length of the hash */
		memset(buf, 'x', n);
		buf[n] = '\0';
		assert_int_equal(strlen(fc_intern_repeated(a, buf, n)), n);
		assert_string_equal(fc_intern_n(a, buf, n), buf);
		assert_ptr_not_equal(fc_intern_n(a, buf, n), n ? fc_intern_n(a, buf, n - 1) : NULL);
	}
	fc_arena_free(&a);
}

/* fc_read_file: a file of exactly the cap is read whole; a byte more is refused before reading;
 * a file whose size stat does not tell (procfs says 0) is read to its end, and refused once it
 * passes the cap. */
static void read_file_sizes(void **state)
{
	char path[] = "/tmp/fc-read-XXXXXX";
	struct fc_buf b;
	struct fc_err err;
	char data[70000];
	size_t i;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	for (i = 0; i < sizeof(data); i++)
		data[i] = (char)('a' + i % 23);
	assert_int_equal(write(fd, data, sizeof(data)), (ssize_t)sizeof(data));
	close(fd);
	fc_err_clear(&err);
	assert_int_equal(fc_read_file(path, sizeof(data), &b, &err), FC_OK);
	assert_int_equal(b.len, sizeof(data));
	assert_memory_equal(b.data, data, sizeof(data));
	assert_int_equal(b.data[b.len], '\0');
	fc_buf_free(&b);
	assert_int_equal(fc_read_file(path, sizeof(data) - 1, &b, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "larger than"));
	unlink(path);
	/* procfs: st_size 0, content there all the same */
	fc_err_clear(&err);
	assert_int_equal(fc_read_file("/proc/self/status", 1 << 20, &b, &err), FC_OK);
	assert_true(b.len > 100 && strstr(b.data, "Name:") == b.data);
	assert_int_equal(strlen(b.data), b.len);
	fc_buf_free(&b);
	assert_int_equal(fc_read_file("/proc/self/status", 50, &b, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "file larger than 50 bytes"));
}

static void alloc_zeroed_and_aligned(void **state)
{
	struct fc_arena *a = fc_arena_new();
	size_t i, sizes[] = { 1, 7, 16, 100, 65536, (size_t)3 << 20, 5 };

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *q = fc_alloc(a, sizes[i]);
		size_t j;

		assert_non_null(q);
		assert_int_equal((uintptr_t)q % _Alignof(max_align_t), 0);
		for (j = 0; j < sizes[i]; j++)
			assert_int_equal(q[j], 0);
		memset(q, 0xa5, sizes[i]);
	}
	assert_true(fc_arena_bytes(a) >= ((size_t)3 << 20));
	fc_arena_free(&a);
}

/* What was allocated after a mark goes back; the memory comes out zeroed again. Once a new block
 * was started the release keeps everything (a block is never freed half-way through a run). */
static void mark_and_release(void **state)
{
	struct fc_arena *a = fc_arena_new();
	struct fc_arena_mark m;
	char *keep, *p, *q;
	size_t before;

	(void)state;
	m = fc_arena_mark(a);
	assert_false(fc_arena_release(a, m));   /* nothing allocated at the mark: no block to return to */
	keep = fc_alloc(a, 32);
	memcpy(keep, "kept", 5);
	m = fc_arena_mark(a);
	p = fc_alloc(a, 100);
	memset(p, 0xff, 100);
	before = fc_arena_bytes(a);
	assert_true(fc_arena_release(a, m));
	q = fc_alloc(a, 100);
	assert_ptr_equal(q, p);
	assert_int_equal(q[0], 0);
	assert_int_equal(q[99], 0);
	assert_string_equal(keep, "kept");
	assert_int_equal(fc_arena_bytes(a), before);
	/* past the block's end: a new block, and the release declines */
	m = fc_arena_mark(a);
	assert_non_null(fc_alloc(a, 60000));
	assert_non_null(fc_alloc(a, 60000));
	assert_false(fc_arena_release(a, m));
	assert_string_equal(keep, "kept");
	fc_arena_free(&a);
}

/* The newest allocation grows in place, zeroed beyond what it had; any other is left for the
 * caller to copy, and so is one that would pass its block's end. */
static void extend_in_place(void **state)
{
	struct fc_arena *a = fc_arena_new();
	char *p, *q;

	(void)state;
	p = fc_alloc(a, 24);
	memset(p, 'x', 24);
	assert_true(fc_arena_extend(a, p, 24, 100));
	assert_int_equal(p[23], 'x');
	assert_int_equal(p[24], 0);
	assert_int_equal(p[99], 0);
	memset(p, 'y', 100);
	q = fc_alloc(a, 8);
	assert_true(q >= p + 100);   /* after the grown block, not inside it */
	assert_false(fc_arena_extend(a, p, 100, 200));   /* no longer the newest */
	assert_int_equal(p[99], 'y');
	assert_false(fc_arena_extend(a, q, 8, (size_t)1 << 40));   /* past the block */
	assert_true(fc_arena_extend(a, q, 8, 16));
	assert_false(fc_arena_extend(a, NULL, 0, 16));
	fc_arena_free(&a);
}

/* fc_copy_n: as snprintf's "%.*s", cut to the buffer, stopped at a NUL */
static void copy_n(void **state)
{
	char b[6];

	(void)state;
	assert_string_equal(fc_copy_n(b, sizeof(b), "Ethernet0", 3), "Eth");
	assert_string_equal(fc_copy_n(b, sizeof(b), "Ethernet0", 9), "Ether");
	assert_string_equal(fc_copy_n(b, sizeof(b), "ab\0cd", 5), "ab");
	assert_string_equal(fc_copy_n(b, sizeof(b), "abc", 0), "");
	assert_string_equal(fc_copy_n(b, 1, "abc", 3), "");
}

/* In a block the kernel gave (2 MiB and more: mapped, zero, handed out without a memset), memory
 * handed out again after a release is zeroed all the same, and what follows it is still zero. */
static void release_in_mapped_block(void **state)
{
	struct fc_arena *a = fc_arena_new();
	struct fc_arena_mark m;
	unsigned char *p, *q;
	size_t i;

	(void)state;
	for (i = 0; i < 64; i++)   /* 16 MiB: the blocks are 2 MiB and larger now */
		assert_non_null(fc_alloc(a, 256 * 1024));
	m = fc_arena_mark(a);
	p = fc_alloc(a, 4096);
	memset(p, 0xee, 4096);
	assert_true(fc_arena_release(a, m));
	q = fc_alloc(a, 8192);   /* the dirty 4 KiB again, and 4 KiB never handed out */
	assert_ptr_equal(q, p);
	for (i = 0; i < 8192; i++)
		if (q[i])
			fail_msg("byte %zu is %#x after a release", i, q[i]);
	fc_arena_free(&a);
}

/* 96 MiB in small pieces: the blocks grow to the standard 8 MiB and each next one comes from the
 * spare another thread prefaulted; every piece is zeroed, keeps what was written and does not
 * overlap another. */
static void many_blocks(void **state)
{
	struct fc_arena *a = fc_arena_new();
	enum { PIECE = 4000, NPIECES = 96 * 1024 * 1024 / PIECE };
	unsigned char **p = calloc(NPIECES, sizeof(*p));
	size_t i, j;

	(void)state;
	assert_non_null(p);
	for (i = 0; i < NPIECES; i++) {
		p[i] = fc_alloc(a, PIECE);
		assert_non_null(p[i]);
		for (j = 0; j < PIECE; j += 512)
			assert_int_equal(p[i][j], 0);
		memset(p[i], (int)(i & 0xff), PIECE);
	}
	for (i = 0; i < NPIECES; i++)
		assert_true(p[i][0] == (i & 0xff) && p[i][PIECE - 1] == (i & 0xff));
	assert_true(fc_arena_bytes(a) >= (size_t)NPIECES * PIECE);
	free(p);
	fc_arena_free(&a);
}

/* The background writer: every byte in order across chunk boundaries (writes smaller and larger
 * than a chunk), and a failed write seen by the caller, not lost. */
/* A regular file: whole chunks written around the page cache where the file system allows (on
 * /var/tmp, a disk), the tail through the caller's descriptor, which then stands at the end of
 * what was written: the caller's own writes before and after (a shell's "{ echo; fabcheck; }")
 * land where they would with plain writes, at an aligned start and at an unaligned one. */
static void bgwrite_regular_file(void **state)
{
	static const char *const dirs[] = { "/var/tmp", "/tmp" };
	const size_t total = 5 * 8192 + 777;
	size_t d, pre, i;

	(void)state;
	for (d = 0; d < 2; d++)
		for (pre = 0; pre <= 4096; pre += 4093) {   /* 0, then 4093 bytes before */
			char path[64], *back, *buf;
			struct stat st;
			int fd, dup_fd;
			FILE *f;

			snprintf(path, sizeof(path), "%s/fc-bgwrite-XXXXXX", dirs[d]);
			if ((fd = mkstemp(path)) < 0)
				continue;   /* no such directory here */
			assert_non_null(buf = malloc(total));
			for (i = 0; i < pre; i++)
				assert_int_equal(write(fd, "p", 1), 1);
			for (i = 0; i < total; i++)
				buf[i] = (char)('A' + (i * 7) % 26);
			assert_true((dup_fd = dup(fd)) >= 0);   /* as write_output gives it standard output */
			assert_non_null(f = fc_bgwrite_open(dup_fd, 8192));
			for (i = 0; i < total; i += 1000)
				assert_int_equal(fwrite(buf + i, 1, total - i < 1000 ? total - i : 1000, f),
						 total - i < 1000 ? total - i : 1000);
			assert_int_equal(fclose(f), 0);
			assert_int_equal(lseek(fd, 0, SEEK_CUR), (off_t)(pre + total));
			assert_int_equal(write(fd, "END", 3), 3);
			close(fd);
			assert_int_equal(stat(path, &st), 0);
			assert_int_equal(st.st_size, (off_t)(pre + total + 3));
			assert_non_null(back = malloc(pre + total + 3));
			assert_true((fd = open(path, O_RDONLY)) >= 0);
			assert_int_equal(read(fd, back, pre + total + 3), (ssize_t)(pre + total + 3));
			close(fd);
			unlink(path);
			for (i = 0; i < pre; i++)
				assert_int_equal(back[i], 'p');
			assert_memory_equal(back + pre, buf, total);
			assert_memory_equal(back + pre + total, "END", 3);
			free(back);
			free(buf);
		}
}

static void bgwrite_in_order_and_errors(void **state)
{
	char path[] = "/tmp/fc-bgwrite-XXXXXX", *back;
	const size_t total = 3 * 4096 + 1234;
	size_t i, n = 0, k;
	int fd = mkstemp(path);
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	assert_non_null(f = fc_bgwrite_open(fd, 4096));
	for (i = 0; i < total; i += k) {
		char buf[9000];
		size_t j;

		k = (i / 7) % 3 == 0 ? 1 : (i / 7) % 3 == 1 ? 100 : 9000;
		if (k > total - i)
			k = total - i;
		for (j = 0; j < k; j++)
			buf[j] = (char)('a' + (i + j) % 26);
		assert_int_equal(fwrite(buf, 1, k, f), k);
	}
	assert_int_equal(fclose(f), 0);
	assert_non_null(back = malloc(total + 1));
	assert_true((fd = open(path, O_RDONLY)) >= 0);
	while ((k = (size_t)read(fd, back + n, total + 1 - n)) > 0 && k != (size_t)-1)
		n += k;
	close(fd);
	unlink(path);
	assert_int_equal(n, total);
	for (i = 0; i < total; i++)
		assert_int_equal(back[i], 'a' + i % 26);
	free(back);
	/* a device with no space: the failure reaches fclose (and the writes after it) */
	if ((fd = open("/dev/full", O_WRONLY)) >= 0) {
		assert_non_null(f = fc_bgwrite_open(fd, 4096));
		for (i = 0; i < 10; i++)
			fputs("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
			      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
			      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", f);
		errno = 0;
		assert_int_equal(fclose(f), EOF);
		assert_int_equal(errno, ENOSPC);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intern_one_pointer_per_string),
		cmocka_unit_test(intern_repeated),
		cmocka_unit_test(read_file_sizes),
		cmocka_unit_test(alloc_zeroed_and_aligned),
		cmocka_unit_test(mark_and_release),
		cmocka_unit_test(release_in_mapped_block),
		cmocka_unit_test(many_blocks),
		cmocka_unit_test(extend_in_place),
		cmocka_unit_test(copy_n),
		cmocka_unit_test(bgwrite_in_order_and_errors),
		cmocka_unit_test(bgwrite_regular_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
