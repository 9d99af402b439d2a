/* SPDX-License-Identifier: MIT */
/* The CLI end to end, in-process: the demo's planted findings, exit codes, a table of malformed
 * inputs (each must exit 2 naming file:line), collect, and docs kept in step with the code. */
#include <dirent.h>
#include <fcntl.h>
#include <pty.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/cli.h"
#include "doc/doc.h"
#include "engine/engine.h"
#include "rules/rules.h"
#include "util/jw.h"
#include "report/report.h"
#include "transport/transport.h"
#include "adapter/adapter.h"
#include "util/buf.h"
#include "cli/mdterm.h"

struct run {
	int code;
	char *out, *err;
	size_t outlen, errlen;
};

static void run_cli(struct run *r, const char *const *argv)
{
	FILE *o, *e;
	int argc = 0;
	char *args[32];

	while (argv[argc] && argc < 31) {
		args[argc] = (char *)(uintptr_t)argv[argc];
		argc++;
	}
	args[argc] = NULL;
	memset(r, 0, sizeof(*r));
	o = open_memstream(&r->out, &r->outlen);
	e = open_memstream(&r->err, &r->errlen);
	r->code = fc_cli_main(argc, args, o, e);
	fclose(o);
	fclose(e);
}

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void write_file(const char *path, const char *text)
{
	struct fc_err err;

	fc_err_clear(&err);
	assert_int_equal(fc_write_file_atomic(path, text, strlen(text), &err), FC_OK);
}

static void copy_tree(const char *from, const char *to)
{
	DIR *d = opendir(from);
	struct dirent *de;
	char a[1024], b[1024];

	assert_non_null(d);
	mkdir(to, 0755);
	while ((de = readdir(d))) {
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(a, sizeof(a), "%s/%s", from, de->d_name);
		snprintf(b, sizeof(b), "%s/%s", to, de->d_name);
		assert_int_equal(stat(a, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			copy_tree(a, b);
		} else {
			struct fc_buf buf;
			struct fc_err err;

			fc_err_clear(&err);
			assert_int_equal(fc_read_file(a, 1u << 20, &buf, &err), FC_OK);
			write_file(b, buf.data);
			fc_buf_free(&buf);
		}
	}
	closedir(d);
}

static char *tmpdir(void)
{
	char *t = strdup("/tmp/fabcheck-test-XXXXXX");

	assert_non_null(mkdtemp(t));
	return t;
}

static void rm_rf(const char *p)
{
	char cmd[1200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", p);
	assert_int_equal(system(cmd), 0);
}

/* --- the demo ------------------------------------------------------------------------------ */

static void demo_planted_findings(void **state)
{
	char *t = tmpdir(), fmt[512];
	struct run r;
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *f;
	size_t i, fails = 0;
	bool seen[5] = { false, false, false, false, false };
	/* fault 1 (CR2 NRZ against a single-lane PAM4 port) shows twice: the lanes, and the FEC that
	 * follows from them (RS-528 against RS-544) */
	static const char *const want[5] = { "L1-LANES-MODULATION", "HR-SIZE", "GID-DUP", "UDP4791-SWITCH-ACL",
					     "FEC-MATCH" };
	static const char *const subjects[4] = { "leaf2:Ethernet1/50/1 <-> host2:ens1f1",
						 "leaf2:Ethernet1/49/2 <-> host3:ens1f1", "GID ::ffff:10.2.2.1",
						 "leaf1:Ethernet1/3 <-> host3:ens1f0" };

	(void)state;
	snprintf(fmt, sizeof(fmt), "json=%s/r.json", t);
	{
		const char *argv[] = { "fabcheck", "validate", "inventories/demo", "--format", fmt, NULL };

		run_cli(&r, argv);
	}
	assert_int_equal(r.code, FC_EXIT_FINDINGS);
	snprintf(fmt, sizeof(fmt), "%s/r.json", t);
	fc_err_clear(&err);
	assert_int_equal(doc_load_file(fmt, &d, &err), FC_OK);
	f = doc_get(d->root, "findings");
	for (i = 0; i < f->n; i++) {
		const char *st, *rule;
		size_t k;

		const char *subj;
		bool planted = false;

		doc_req_str(d, f->items[i], "status", &st, &err);
		doc_req_str(d, f->items[i], "rule", &rule, &err);
		doc_req_str(d, f->items[i], "subject", &subj, &err);
		if (strcmp(st, "fail"))
			continue;
		fails++;
		for (k = 0; k < 5; k++)
			if (!strcmp(rule, want[k]))
				seen[k] = true;
		for (k = 0; k < 4; k++)
			planted |= !strcmp(subj, subjects[k]);
		if (!planted)
			fail_msg("a failure that was not planted: %s %s", rule, subj);
		/* both ends' evidence for link findings */
		assert_true(doc_get(f->items[i], "evidence")->n >= 2);
	}
	assert_int_equal(fails, 5);
	for (i = 0; i < 5; i++)
		if (!seen[i])
			fail_msg("planted fault %s not reported", want[i]);
	doc_free(&d);
	run_free(&r);
	rm_rf(t);
	free(t);
}

/* --- exit codes ---------------------------------------------------------------------------- */

static void exit_codes(void **state)
{
	static const struct { int code; const char *argv[8]; } t[] = {
		{ 1, { "fabcheck", "validate", "inventories/demo", NULL } },
		{ 1, { "fabcheck", "validate", "inventories/demo", "--fail-on", "critical", NULL } },
		{ 0, { "fabcheck", "validate", "tests/fixtures/mini", NULL } },
		{ 0, { "fabcheck", "validate", "inventories/demo", "--rule", "L1-MEDIUM-CR-KR", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--rule", "NO-SUCH-RULE", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--format", "yaml", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--form", "json", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--fail-on", "severe", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--format", "json", "--format", "sarif", NULL } },
		{ 2, { "fabcheck", "validate", NULL } },
		{ 2, { "fabcheck", "frobnicate", NULL } },
		{ 2, { "fabcheck", "explain", "NO-SUCH-RULE", NULL } },
		{ 2, { "fabcheck", "validate", "inventories/demo", "--profile", "no_such_profile", NULL } },
		{ 0, { "fabcheck", "rules", NULL } },
		{ 0, { "fabcheck", "explain", "HR-SIZE", NULL } },
		{ 0, { "fabcheck", "version", NULL } },
		{ 0, { "fabcheck", "help", NULL } },
		{ 0, { "fabcheck", "parse", "--platform", "nxos", "--command", "show interface",
		       "inventories/demo/devices/leaf1/show_interface.json", NULL } },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct run r;

		run_cli(&r, t[i].argv);
		if (r.code != t[i].code)
			fail_msg("case %zu (%s %s): exit %d, expected %d; stderr: %s", i, t[i].argv[1],
				 t[i].argv[2] ? t[i].argv[2] : "", r.code, t[i].code, r.err);
		run_free(&r);
	}
}

/* What needs no snapshot is refused before one is read: with a target that does not exist (and a
 * baseline that does not either), the error is the rule id's, the waiver file's, the profile's,
 * the policy file's or the earlier report's, not the target's: a typo costs no fleet's load. */
static void usage_before_load(void **state)
{
#define BAD "/tmp/fabcheck-test-usage.yaml"
	static const struct { const char *argv[8], *file, *needle; } t[] = {
		{ { "--baseline", "tests/no-such-baseline", "--rule", "NO-SUCH-RULE" }, NULL, "unknown rule id 'NO-SUCH-RULE'" },
		{ { "--waivers", BAD }, "waivers:\n  - rule: NO-SUCH-RULE\n    subject: '*'\n    reason: r\n    owner: o\n"
		  "    expires: 2099-01-01\n", "fabcheck-test-usage.yaml:2" },
		{ { "--profile", "no_such_profile" }, NULL, "no such profile 'no_such_profile'" },
		{ { "--profile", "pfc_only", "--policy", BAD }, "rules:\n  NO-SUCH-RULE:\n    enabled: false\n",
		  "unknown rule id 'NO-SUCH-RULE'" },
		{ { "--baseline-report", "tests/no-such-report.json" }, NULL, "tests/no-such-report.json: cannot open" },
	};
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const char *argv[12] = { "fabcheck", "validate", "tests/no-such-snapshot" };
		struct run r;

		for (k = 0; t[i].argv[k]; k++)
			argv[3 + k] = t[i].argv[k];
		if (t[i].file)
			write_file(BAD, t[i].file);
		run_cli(&r, argv);
		unlink(BAD);
		if (r.code != 2 || !strstr(r.err, t[i].needle))
			fail_msg("case %zu: exit %d, stderr: %s", i, r.code, r.err);
		run_free(&r);
	}
#undef BAD
}

static void incomplete_is_3(void **state)
{
	char *t = tmpdir(), path[600];
	struct run r;
	const char *argv[] = { "fabcheck", "validate", t, NULL };

	(void)state;
	copy_tree("tests/fixtures/mini", t);
	snprintf(path, sizeof(path), "%s/manifest.json", t);
	write_file(path, "{\"format\": \"fabcheck-snapshot\", \"format_version\": 1, \"inventory\": \"inventory.yaml\",\n"
			 " \"devices\": [{\"name\": \"sw1\", \"status\": \"failed\", \"errors\": [\"timeout after 30 s\"]},\n"
			 "  {\"name\": \"h1\", \"status\": \"ok\", \"outputs\": [{\"command\": \"fabcheck probe\",\n"
			 "   \"encoding\": \"json\", \"file\": \"devices/h1/probe.json\"}]}]}\n");
	run_cli(&r, argv);
	assert_int_equal(r.code, FC_EXIT_INCOMPLETE);
	assert_non_null(strstr(r.out, "timeout after 30 s"));
	run_free(&r);
	rm_rf(t);
	free(t);
}

/* --- malformed inputs ---------------------------------------------------------------------- */

struct bad {
	const char *name;
	const char *file;       /* file in the copied mini snapshot to overwrite */
	const char *content;
	const char *target;     /* "" = the snapshot dir, else a file inside it */
	const char *expect;     /* substring of stderr or stdout: file:line and what */
	const char *manifest;   /* replaces manifest.json when set */
};

#define MANIFEST_SW1(cmd, enc, file)                                                                   \
	"{\"format\": \"fabcheck-snapshot\", \"inventory\": \"inventory.yaml\",\n"                           \
	" \"devices\": [{\"name\": \"sw1\", \"status\": \"ok\", \"outputs\": [\n"                           \
	"  {\"command\": \"" cmd "\", \"encoding\": \"" enc "\", \"file\": \"" file "\"}]}]}\n"

#define INV_HEAD "version: 1\ndevices:\n  - {name: sw1, platform: nxos}\n  - {name: h1, platform: linux}\n"

static const struct bad bads[] = {
	{ "yaml syntax", "inventory.yaml", "version: 1\ndevices: [\n  {name: sw1\n", "", "inventory.yaml:", NULL },
	/* libyaml's reader errors carry a byte offset, not a mark: they were all reported at line 1 */
	{ "yaml invalid UTF-8", "inventory.yaml", INV_HEAD "  - {name: \"c\xff\", platform: nxos}\n", "",
	  "inventory.yaml:5: invalid YAML: invalid leading UTF-8 octet (byte 0xff)", NULL },
	{ "yaml control character", "inventory.yaml", INV_HEAD "  - {name: \"c\x01\", platform: nxos}\n", "",
	  "inventory.yaml:5: invalid YAML: control characters are not allowed", NULL },
	{ "json syntax", "inv.json", "{\"version\": 1,\n \"devices\": [}\n", "inv.json", "inv.json:2: invalid JSON", NULL },
	{ "version wrong type", "inventory.yaml", "version: one\ndevices: []\n", "", "inventory.yaml:1: version: expected", NULL },
	{ "unknown top key", "inventory.yaml", INV_HEAD "colour: blue\n", "", "inventory.yaml:5: inventory: unknown key 'colour'", NULL },
	{ "unknown device key", "inventory.yaml", "version: 1\ndevices:\n  - {name: sw1, platfrom: nxos}\n", "",
	  "inventory.yaml:3: device: unknown key 'platfrom' (did you mean 'platform'? the keys: ", NULL },
	{ "missing platform", "inventory.yaml", "version: 1\ndevices:\n  - name: sw1\n", "", "inventory.yaml:3: missing required key 'platform'", NULL },
	{ "unknown platform", "inventory.yaml", "version: 1\ndevices:\n  - {name: sw1, platform: ios}\n", "",
	  "inventory.yaml:3: platform: 'ios' is not one of", NULL },
	{ "duplicate device", "inventory.yaml", INV_HEAD "  - {name: sw1, platform: nxos}\n", "", "inventory.yaml:5: device 'sw1' defined twice", NULL },
	{ "link to unknown device", "inventory.yaml", INV_HEAD "links:\n  - {a: \"sw9:Ethernet1/1\", b: \"h1:eth0\"}\n", "",
	  "inventory.yaml:6: a: cabling plan names unknown device 'sw9'", NULL },
	{ "link endpoint syntax", "inventory.yaml", INV_HEAD "links:\n  - {a: sw1-Ethernet1/1, b: \"h1:eth0\"}\n", "",
	  "inventory.yaml:6: a: expected DEVICE:INTERFACE", NULL },
	{ "negative length", "inventory.yaml", INV_HEAD "links:\n  - {a: \"sw1:Ethernet1/1\", b: \"h1:eth0\", length_m: -3}\n", "",
	  "inventory.yaml:6: length_m", NULL },
	{ "plan names unknown port", "inventory.yaml", INV_HEAD "links:\n  - {a: \"sw1:Ethernet9/9\", b: \"h1:eth0\"}\n", "",
	  "inventory.yaml:6: cabling plan names port sw1:Ethernet9/9", NULL },
	{ "group names unknown device", "inventory.yaml", INV_HEAD "groups:\n  g: [sw1, nobody]\n", "",
	  "inventory.yaml:6: group 'g' names unknown device 'nobody'", NULL },
	{ "unknown credential", "inventory.yaml", "version: 1\ndevices:\n  - {name: sw1, platform: nxos, credential: nope}\n", "",
	  "inventory.yaml:3: device 'sw1' names unknown credential 'nope'", NULL },
	{ "duplicate key", "inventory.yaml", "version: 1\nversion: 1\ndevices: []\n", "", "inventory.yaml:2: key 'version' given twice (first on line 1)", NULL },
	{ "missing config file", "inv2.yaml", "version: 1\ndevices:\n  - {name: sw1, platform: nxos, config: nope.cfg}\n", "inv2.yaml",
	  "inv2.yaml:3: config 'nope.cfg'", NULL },
	{ "intent on a switch", "inv3.yaml", "version: 1\ndevices:\n  - {name: sw1, platform: nxos, intent: {interfaces: []}}\n", "inv3.yaml",
	  "inv3.yaml:3: intent: platform nxos takes no intent (hosts do)", NULL },
	{ "truncated host JSON", "devices/h1/probe.json", "{\n  \"format\": \"fabcheck-host\",\n  \"interfaces\": [\n    {\"name\": \"eth0\",", "",
	  "probe.json:4: invalid JSON", NULL },
	{ "host wrong type", "devices/h1/probe.json",
	  "{\"format\": \"fabcheck-host\",\n \"interfaces\": [{\"name\": \"eth0\",\n  \"mtu\": \"big\"}]}\n", "", "probe.json:3: mtu: expected", NULL },
	{ "host unknown key", "devices/h1/probe.json",
	  "{\"format\": \"fabcheck-host\",\n \"interfaces\": [{\"name\": \"eth0\",\n  \"mut\": 9000}]}\n", "", "probe.json:3: interface: unknown key 'mut'", NULL },
	{ "host wrong format", "devices/h1/probe.json", "{\"format\": \"lshw\", \"interfaces\": []}\n", "", "probe.json:1: format: expected 'fabcheck-host'", NULL },
	{ "gid type", "devices/h1/probe.json",
	  "{\"format\": \"fabcheck-host\", \"interfaces\": [],\n \"rdma\": {\"devices\": [{\"name\": \"m\", \"ports\": [{\"port\": 1, \"gids\": [\n"
	  "  {\"index\": 0, \"gid\": \"::1\", \"type\": \"RoCE v3\"}]}]}]}}\n", "", "probe.json:3: type: expected 'RoCE v2'", NULL },
	{ "truncated NX-API JSON", "devices/sw1/show_interface.json", "{\"ins_api\": {\"outputs\": {\"output\": {\"body\": {\n", "",
	  "show_interface.json:2: invalid JSON",
	  MANIFEST_SW1("show interface", "json", "devices/sw1/show_interface.json") },
	{ "wrong command output", "devices/sw1/show_interface.txt",
	  "Cisco Nexus Operating System (NX-OS) Software\nTAC support: http://www.cisco.com/tac\n", "",
	  "show_interface.txt:1: show interface: no 'NAME is up|down' block",
	  MANIFEST_SW1("show interface", "text", "devices/sw1/show_interface.txt") },
	{ "command without a parser", "devices/sw1/x.txt", "x\n", "", "no parser for 'show clock'",
	  MANIFEST_SW1("show clock", "text", "devices/sw1/x.txt") },
	{ "manifest unknown device", "manifest.json",
	  "{\"format\": \"fabcheck-snapshot\", \"inventory\": \"inventory.yaml\",\n \"devices\": [{\"name\": \"ghost\", \"status\": \"ok\"}]}\n", "",
	  "manifest.json:2: manifest names device 'ghost'", NULL },
	{ "manifest path escape", "manifest.json",
	  "{\"format\": \"fabcheck-snapshot\", \"inventory\": \"inventory.yaml\",\n \"devices\": [{\"name\": \"sw1\", \"status\": \"ok\",\n"
	  "  \"outputs\": [{\"command\": \"show version\", \"encoding\": \"json\", \"file\": \"../../etc/passwd\"}]}]}\n", "",
	  "manifest.json:3: file: '../../etc/passwd' resolves to /etc/passwd, outside the snapshot", NULL },
	{ "manifest platform mismatch", "manifest.json",
	  "{\"format\": \"fabcheck-snapshot\", \"inventory\": \"inventory.yaml\",\n \"devices\": [{\"name\": \"sw1\", \"status\": \"ok\",\n"
	  "  \"platform\": \"linux\"}]}\n", "", "manifest.json:3: platform: 'linux' differs", NULL },
	{ "NX-API error code", "devices/sw1/show_interface.json",
	  "{\"ins_api\": {\"outputs\": {\"output\": {\"code\": \"400\",\n \"msg\": \"Input CLI command error\"}}}}\n", "",
	  "show_interface.json:1: NX-API reported code 400",
	  MANIFEST_SW1("show interface", "json", "devices/sw1/show_interface.json") },
};

static void malformed_inputs(void **state)
{
	size_t i;

	(void)state;
	assert_true(sizeof(bads) / sizeof(bads[0]) >= 20);
	for (i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		const struct bad *b = &bads[i];
		char *t = tmpdir(), path[600], target[600];
		struct run r;
		const char *argv[] = { "fabcheck", "validate", target, NULL };

		copy_tree("tests/fixtures/mini", t);
		if (b->manifest) {
			snprintf(path, sizeof(path), "%s/manifest.json", t);
			write_file(path, b->manifest);
		}
		snprintf(path, sizeof(path), "%s/%s", t, b->file);
		write_file(path, b->content);
		snprintf(target, sizeof(target), "%s%s%s", t, b->target[0] ? "/" : "", b->target);
		run_cli(&r, argv);
		if (r.code != FC_EXIT_USAGE)
			fail_msg("malformed '%s': exit %d, expected 2; stderr: %s", b->name, r.code, r.err);
		if (!strstr(r.err, b->expect) && !strstr(r.out, b->expect))
			fail_msg("malformed '%s': output lacks '%s'\nstderr: %s\nstdout: %s", b->name, b->expect, r.err, r.out);
		run_free(&r);
		rm_rf(t);
		free(t);
	}
}

static void user_policy_errors(void **state)
{
	static const struct { const char *text; const char *expect; } t[] = {
		{ "rules:\n  NO-SUCH: {enabled: false}\n", "policy.yaml:2: unknown rule id 'NO-SUCH'" },
		{ "rules:\n  HR-SIZE:\n    params: {cell: 1}\n", "policy.yaml:3: rule HR-SIZE has no parameter 'cell'" },
		{ "rules:\n  HR-SIZE: {severity: severe}\n", "policy.yaml:2: severity: expected" },
		{ "rulez: {}\n", "policy.yaml:1: policy: unknown key 'rulez'" },
		/* an integer parameter given as 18.0 was read as 0 and turned a critical MTU FAIL into a PASS */
		{ "rules:\n  MTU-HOST-SWITCH:\n    params:\n      l2_overhead: 18.0\n",
		  "policy.yaml:4: MTU-HOST-SWITCH.l2_overhead: expected a whole number from 0 to 64, found '18.0'" },
		{ "rules:\n  MTU-HOST-SWITCH:\n    params: {l2_overhead: 1e1}\n", "policy.yaml:3: MTU-HOST-SWITCH.l2_overhead: expected a whole number" },
		{ "rules:\n  MTU-HOST-SWITCH:\n    params: {l2_overhead: 900}\n", "policy.yaml:3: MTU-HOST-SWITCH.l2_overhead: 900 is outside 0..64" },
		{ "rules:\n  MTU-HOST-SWITCH:\n    params: {l2_overhead: -4}\n", "policy.yaml:3: MTU-HOST-SWITCH.l2_overhead: -4 is outside 0..64" },
		{ "rules:\n  PFC-RUNTIME:\n    params: {warn_paused: .nan}\n", "policy.yaml:3: PFC-RUNTIME.warn_paused: expected a number from 0 to 1, found '.nan'" },
		{ "rules:\n  PFC-RUNTIME:\n    params: {warn_paused: nan}\n", "policy.yaml:3: PFC-RUNTIME.warn_paused: expected a number" },
		{ "rules:\n  PFC-RUNTIME:\n    params: {fail_paused: inf}\n", "policy.yaml:3: PFC-RUNTIME.fail_paused: expected a number" },
		{ "rules:\n  PFC-RUNTIME:\n    params: {fail_paused: 1.5}\n", "policy.yaml:3: PFC-RUNTIME.fail_paused: 1.5 is outside 0..1" },
		{ "rules:\n  MTU-ROCE-ACTIVE:\n    params: {expected: 9000}\n",
		  "policy.yaml:3: MTU-ROCE-ACTIVE.expected: expected one of 256 512 1024 2048 4096, found '9000'" },
		{ "rules:\n  ECN-ANTI:\n    params: {design: lossless}\n", "policy.yaml:3: ECN-ANTI.design: expected one of" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char *d = tmpdir(), path[600];
		struct run r;
		const char *argv[] = { "fabcheck", "validate", "inventories/demo", "--policy", path, NULL };

		snprintf(path, sizeof(path), "%s/policy.yaml", d);
		write_file(path, t[i].text);
		run_cli(&r, argv);
		assert_int_equal(r.code, FC_EXIT_USAGE);
		if (!strstr(r.err, t[i].expect))
			fail_msg("policy case %zu: '%s' lacks '%s'", i, r.err, t[i].expect);
		run_free(&r);
		rm_rf(d);
		free(d);
	}
}

/* Every parameter declares its range or its values, and its default lies in them. */
static void param_defaults_valid(void **state)
{
	const struct fc_rule *const *r;
	const struct fc_rule_param *p;
	size_t n = 0;
	struct fc_err err;

	(void)state;
	for (r = fc_rule_list(); *r; r++)
		for (p = (*r)->params; p->key; p++, n++) {
			if (!p->choices && !(p->min < p->max))
				fail_msg("%s.%s declares neither a range nor its values", (*r)->id, p->key);
			if (p->type == FC_PARAM_STR && !p->choices)
				fail_msg("%s.%s: a string parameter lists the values it takes", (*r)->id, p->key);
			fc_err_clear(&err);
			if (p->def[0] && !fc_param_check(p, p->def, &err))
				fail_msg("%s.%s default '%s': %s", (*r)->id, p->key, p->def, err.msg);
		}
	assert_true(n >= 25);
}

static void policy_changes_results(void **state)
{
	char *d = tmpdir(), path[600];
	struct run r;
	const char *argv[] = { "fabcheck", "validate", "inventories/demo", "--policy", path, NULL };

	(void)state;
	/* Disabling four of the five failing rules and demoting the fifth to info, below the
	 * default --fail-on low, makes the demo pass. */
	snprintf(path, sizeof(path), "%s/policy.yaml", d);
	write_file(path, "rules:\n  L1-LANES-MODULATION: {enabled: false}\n  GID-DUP: {enabled: false}\n"
			 "  UDP4791-SWITCH-ACL: {enabled: false}\n  FEC-MATCH: {enabled: false}\n  HR-SIZE: {severity: info}\n");
	run_cli(&r, argv);
	assert_int_equal(r.code, FC_EXIT_OK);
	run_free(&r);
	/* the optional 256 KB floor turns passing headroom into failures */
	write_file(path, "rules:\n  HR-SIZE:\n    params: {min_headroom_bytes: 262144}\n");
	{
		const char *a2[] = { "fabcheck", "validate", "inventories/demo", "--policy", path, "--rule", "HR-SIZE", NULL };

		run_cli(&r, a2);
	}
	assert_int_equal(r.code, FC_EXIT_FINDINGS);
	assert_non_null(strstr(r.out, "min_headroom_bytes 262144"));
	run_free(&r);
	rm_rf(d);
	free(d);
}

/* --- waivers ------------------------------------------------------------------------------------ */

static char *finding_lines(const char *report);

static void waivers(void **state)
{
	char *d = tmpdir(), path[600], *lines;
	struct run r;
	const char *argv[] = { "fabcheck", "validate", "inventories/demo", "--waivers", path, "--format", "json", NULL };
	const char *text[] = { "fabcheck", "validate", "inventories/demo", "--waivers", path, "--no-color", NULL };
	static const char *const live =
		"waivers:\n"
		"  - {rule: HR-SIZE, subject: '* <-> host3:*', reason: 'buffer resized in CHG-1234', owner: alice, expires: 2999-12-31}\n"
		"  - {rule: '*', subject: 'leaf2:Ethernet1/50/1 <-> host2:ens1f1', reason: 'recabling Friday',\n"
		"     owner: bob, expires: 2999-01-01}\n"
		"  - {rule: '*', subject: 'leaf1:Ethernet1/3 <-> *', reason: 'ACL change pending', owner: carol, expires: 2999-01-01}\n"
		"  - {rule: GID-DUP, subject: 'GID ::ffff:10.2.2.1', reason: 'host4 renumbering', owner: dave, expires: 2999-01-01}\n";
	static const struct { const char *body; const char *want; } bad[] = {
		{ "waivers:\n  - {rule: NOPE, subject: x, reason: r, owner: o, expires: 2999-01-01}\n",
		  "w.yaml:2: waiver: unknown rule id 'NOPE'" },
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: 2026-13-01}\n",
		  "w.yaml:2: waiver: expires: expected YYYY-MM-DD, found '2026-13-01'" },
		/* days that do not exist, and a date sscanf would take */
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: 2026-02-31}\n",
		  "w.yaml:2: waiver: expires: expected YYYY-MM-DD, found '2026-02-31'" },
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: 2026-02-29}\n",
		  "w.yaml:2: waiver: expires: expected YYYY-MM-DD, found '2026-02-29'" },
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: '2026- 1- 1'}\n",
		  "w.yaml:2: waiver: expires: expected YYYY-MM-DD, found '2026- 1- 1'" },
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: 2026-04-31}\n",
		  "w.yaml:2: waiver: expires: expected YYYY-MM-DD, found '2026-04-31'" },
		{ "waivers:\n  - rule: GID-DUP\n    subject: x\n    reason: r\n    expires: 2999-01-01\n",
		  "w.yaml:2: " },
		{ "waivers:\n  - {rule: GID-DUP, subject: x, reason: r, owner: o, expires: 2999-01-01, until: 1}\n",
		  "w.yaml:2: " },
		{ "waiver: []\n", "w.yaml:1: " },
	};
	size_t i;

	(void)state;
	snprintf(path, sizeof(path), "%s/w.yaml", d);
	/* every planted fault waived: the run passes, and each finding is still there, marked */
	write_file(path, live);
	run_cli(&r, argv);
	assert_int_equal(r.code, FC_EXIT_OK);
	lines = finding_lines(r.out);
	assert_non_null(strstr(lines, "HR-SIZE fail leaf2:Ethernet1/49/2 <-> host3:ens1f1"));
	assert_non_null(strstr(lines, "WAIVER-EXPIRED pass waiver GID-DUP GID ::ffff:10.2.2.1"));
	assert_non_null(strstr(r.out, "\"waived\":true"));
	assert_non_null(strstr(r.out, "\"owner\":\"carol\""));
	assert_non_null(strstr(r.out, "\"waived\":5"));
	assert_non_null(strstr(r.out, "\"fail\":0"));
	free(lines);
	run_free(&r);
	run_cli(&r, text);
	assert_non_null(strstr(r.out, "WAIVED  critical HR-SIZE"));
	assert_non_null(strstr(r.out, "buffer resized in CHG-1234 (alice, until 2999-12-31)"));
	assert_non_null(strstr(r.out, "5 waived"));
	run_free(&r);
	/* an expired waiver waives nothing and is itself a finding */
	write_file(path, "waivers:\n  - {rule: GID-DUP, subject: 'GID *', reason: r, owner: o, expires: 2001-01-31}\n");
	run_cli(&r, argv);
	assert_int_equal(r.code, FC_EXIT_FINDINGS);
	lines = finding_lines(r.out);
	assert_non_null(strstr(lines, "WAIVER-EXPIRED fail waiver GID-DUP GID *"));
	assert_non_null(strstr(lines, "GID-DUP fail GID ::ffff:10.2.2.1"));
	assert_null(strstr(r.out, "\"waived\":true"));
	free(lines);
	run_free(&r);
	/* a bad waivers file stops the run (exit 2) and names file:line */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_file(path, bad[i].body);
		run_cli(&r, argv);
		if (r.code != FC_EXIT_USAGE || !strstr(r.err, bad[i].want))
			fail_msg("waivers case %zu: exit %d, stderr '%s', expected '%s'", i, r.code, r.err, bad[i].want);
		run_free(&r);
	}
	rm_rf(d);
	free(d);
}

/* --- CI gate: saved config + host intent, YAML and JSON inventories -------------------------- */

/* "RULE status subject" for every finding of a JSON report, one per line. */
static char *finding_lines(const char *report)
{
	struct doc *d = NULL;
	struct fc_err err;
	const struct doc_node *f;
	struct fc_buf b;
	size_t i;

	fc_err_clear(&err);
	assert_int_equal(doc_parse_json("report", report, strlen(report), &d, &err), FC_OK);
	f = doc_get(d->root, "findings");
	fc_buf_init(&b, 1u << 20);
	for (i = 0; i < f->n; i++) {
		const char *r, *st, *sub;

		doc_req_str(d, f->items[i], "rule", &r, &err);
		doc_req_str(d, f->items[i], "status", &st, &err);
		doc_req_str(d, f->items[i], "subject", &sub, &err);
		fc_buf_addf(&b, "%s %s %s\n", r, st, sub);
	}
	doc_free(&d);
	return b.data;
}

static void ci_gate_yaml_json_same(void **state)
{
	const char *y[] = { "fabcheck", "validate", "inventories/examples/ci-gate/inventory.yaml", "--format", "json", NULL };
	const char *j[] = { "fabcheck", "validate", "inventories/examples/ci-gate/inventory.json", "--format", "json", NULL };
	const char *s[] = { "fabcheck", "validate", "inventories/examples/ci-gate/inventory.yaml", "--format", "sarif", NULL };
	struct run ry, rj, rs;
	char *ly, *lj;

	(void)state;
	run_cli(&ry, y);
	run_cli(&rj, j);
	assert_int_equal(ry.code, FC_EXIT_FINDINGS);
	assert_int_equal(rj.code, FC_EXIT_FINDINGS);
	ly = finding_lines(ry.out);
	lj = finding_lines(rj.out);
	assert_string_equal(ly, lj);
	assert_non_null(strstr(ly, "UDP4791-SWITCH-ACL fail tor1:Ethernet1/1/2 <-> gpu2:ens1f0"));
	assert_non_null(strstr(ly, "UDP4791-SWITCH-ACL pass tor1:Ethernet1/1/1 <-> gpu1:ens1f0"));
	/* what its header promises: the one planted FAIL, nothing unknown, the running device's
	 * checks counted apart */
	assert_non_null(strstr(ry.out, "\"pass\":45,\n"));
	assert_non_null(strstr(ry.out, "\"fail\":1,\n"));
	assert_non_null(strstr(ry.out, "\"unknown\":0,\n"));
	assert_non_null(strstr(ry.out, "\"not_applicable\":14,\n"));
	/* SARIF points at the ACL in the saved config */
	run_cli(&rs, s);
	assert_non_null(strstr(rs.out, "\"uri\":\"inventories/examples/ci-gate/configs/tor1.cfg\""));
	assert_non_null(strstr(rs.out, "\"startLine\":37"));
	free(ly);
	free(lj);
	run_free(&ry);
	run_free(&rj);
	run_free(&rs);
}

/* --- collect ------------------------------------------------------------------------------- */

static void collect_file_transport(void **state)
{
	char *t = tmpdir(), out[600], inv[600];
	struct run r;
	const char *argv[] = { "fabcheck", "collect", "--inventory", inv, "--out", out, NULL };
	const char *v[] = { "fabcheck", "validate", out, NULL };
	DIR *d;
	struct dirent *de;

	(void)state;
	copy_tree("tests/fixtures/mini", t);
	snprintf(inv, sizeof(inv), "%s/inventory.yaml", t);
	/* the file transport reads outputs saved in the address directory */
	{
		char p[700];

		char body[1400];

		snprintf(p, sizeof(p), "%s/inventory.yaml", t);
		snprintf(body, sizeof(body), "version: 1\nfabric: {roce: {priority: 3}}\ndevices:\n"
			 "  - {name: sw1, platform: nxos, transport: file, address: \"%s/devices/sw1\"}\n"
			 "  - {name: h1, platform: linux, transport: file, address: \"%s/no-such-dir\"}\n", t, t);
		write_file(p, body);
	}
	snprintf(out, sizeof(out), "%s/snap", t);
	run_cli(&r, argv);
	/* h1 has no saved outputs: the snapshot is written, the run is incomplete */
	assert_int_equal(r.code, FC_EXIT_INCOMPLETE);
	run_free(&r);
	run_cli(&r, v);
	assert_int_equal(r.code, FC_EXIT_INCOMPLETE);
	assert_non_null(strstr(r.out, "no-such-dir' cannot be resolved"));
	run_free(&r);
	/* no temporary directory is left behind; a second collect refuses to overwrite */
	d = opendir(t);
	while ((de = readdir(d)))
		assert_null(strstr(de->d_name, ".partial"));
	closedir(d);
	{
		const char *again[] = { "fabcheck", "collect", "--inventory", inv, "--out", out, NULL };

		run_cli(&r, again);
		assert_int_equal(r.code, FC_EXIT_USAGE);
		run_free(&r);
	}
	rm_rf(t);
	free(t);
}

/* --- colour only on a terminal, and never with NO_COLOR ------------------------------------ */

/* Runs the CLI with stdout on a pseudo-terminal; returns whether ANSI escapes were written. */
static bool colours_on_tty(const char *extra)
{
	int master, slave;
	FILE *o, *e;
	char buf[65536];
	ssize_t n, total = 0;
	char *args[] = { (char *)(uintptr_t)"fabcheck", (char *)(uintptr_t)"validate",
			 (char *)(uintptr_t)"inventories/demo", (char *)(uintptr_t)"--rule",
			 (char *)(uintptr_t)"GID-DUP", (char *)(uintptr_t)extra, NULL };

	assert_int_equal(openpty(&master, &slave, NULL, NULL, NULL), 0);
	o = fdopen(slave, "w");
	e = fopen("/dev/null", "w");
	assert_non_null(o);
	/* the GID-DUP report is a few hundred bytes: it fits the pty buffer without a reader */
	assert_int_equal(fc_cli_main(extra ? 6 : 5, args, o, e), FC_EXIT_FINDINGS);
	fclose(o);
	fclose(e);
	fcntl(master, F_SETFL, O_NONBLOCK);
	while ((n = read(master, buf + total, sizeof(buf) - 1 - (size_t)total)) > 0)
		total += n;
	close(master);
	buf[total] = '\0';
	assert_non_null(strstr(buf, "GID-DUP"));
	return strstr(buf, "\033[") != NULL;
}

static void colour_rules(void **state)
{
	struct run r;
	const char *argv[] = { "fabcheck", "validate", "inventories/demo", NULL };

	(void)state;
	unsetenv("NO_COLOR");
	assert_true(colours_on_tty(NULL));
	assert_false(colours_on_tty("--no-color"));
	setenv("NO_COLOR", "1", 1);
	assert_false(colours_on_tty(NULL));
	unsetenv("NO_COLOR");
	/* not a terminal: plain */
	run_cli(&r, argv);
	assert_null(strstr(r.out, "\033["));
	run_free(&r);
}

static void parse_prints_model(void **state)
{
	struct run r;
	const char *argv[] = { "fabcheck", "parse", "--platform", "nxos", "--command", "show running-config",
			       "inventories/demo/devices/leaf2/show_running-config.txt", NULL };

	(void)state;
	run_cli(&r, argv);
	assert_int_equal(r.code, FC_EXIT_OK);
	/* a value with its source ([file, line] into the device's file table), and an unknown with
	 * its reason (an index into the device's texts) */
	assert_non_null(strstr(r.out, "\"name\": \"Ethernet1/50/1\""));
	assert_non_null(strstr(r.out, "\"value\": \"50g-4x\", \"source\": [0, 42]"));
	assert_non_null(strstr(r.out, "\"files\": [\n    \"inventories/demo/devices/leaf2/show_running-config.txt\"\n  ]"));
	assert_non_null(strstr(r.out, "\"lane count needs the port speed, which is unknown\""));
	assert_non_null(strstr(r.out, "\"lanes\": {\"unknown\": "));
	/* every modelled field: the policy-maps with their classes, not only the names */
	assert_non_null(strstr(r.out, "\"policy_maps\""));
	assert_non_null(strstr(r.out, "\"pause_cos_mask\""));
	run_free(&r);
	{
		/* DOM voltage and the module's thresholds were parsed but not printed */
		const char *a2[] = { "fabcheck", "parse", "--platform", "nxos", "--command", "show interface transceiver details",
				     "inventories/examples/spine-leaf/devices/leaf1/show_interface_transceiver_details.txt", NULL };

		run_cli(&r, a2);
		assert_int_equal(r.code, FC_EXIT_OK);
		assert_non_null(strstr(r.out, "\"volt_v\""));
		assert_non_null(strstr(r.out, "\"value\": 3.29"));
		assert_non_null(strstr(r.out, "\"high_alarm\": 75.0"));
		run_free(&r);
	}
}

/* --- docs in step with code ---------------------------------------------------------------- */

/* Every rule's metadata is its page's front matter: every registered rule has a page whose front
 * matter gives its id, title, summary, remediation and sources; every page is a registered rule;
 * a page without front matter, or for another id, is an error naming the page and line. */
static void every_rule_documented(void **state)
{
	const struct fc_rule *const *r;
	struct fc_ruledocs *docs = NULL;
	struct fc_err err;
	DIR *dir;
	struct dirent *de;
	size_t pages = 0, rules = 0;
	char tmp[] = "/tmp/fabcheck-docs-XXXXXX", path[600];
	FILE *f;

	(void)state;
	fc_err_clear(&err);
	if (fc_ruledocs_load("rules", fc_rule_list(), &docs, &err) != FC_OK)
		fail_msg("%s:%u: %s", err.file, err.line, err.msg);
	for (r = fc_rule_list(); *r; r++, rules++) {
		const struct fc_ruledoc *d = fc_ruledoc_of(docs, *r);

		assert_non_null(d);
		assert_true(strlen(d->title) > 10 && strlen(d->summary) > 40 && strlen(d->remediation) > 20);
		assert_true(strlen(d->sources) > 5 && strlen(d->body) > 40);
		assert_string_equal(fc_rule_title(docs, *r), d->title);
	}
	fc_ruledocs_free(&docs);
	assert_non_null(dir = opendir("rules/docs"));
	while ((de = readdir(dir))) {
		char id[256];
		size_t n = strlen(de->d_name);

		if (n < 4 || strcmp(de->d_name + n - 3, ".md"))
			continue;
		snprintf(id, sizeof(id), "%.*s", (int)(n - 3), de->d_name);
		if (!fc_rule_find(id) || strcmp(fc_rule_find(id)->id, id))
			fail_msg("rules/docs/%s is the page of no registered rule", de->d_name);
		pages++;
	}
	closedir(dir);
	assert_int_equal(pages, rules);
	/* errors name the page and the line */
	assert_non_null(mkdtemp(tmp));
	snprintf(path, sizeof(path), "%s/docs", tmp);
	assert_int_equal(mkdir(path, 0700), 0);
	for (r = fc_rule_list(); *r; r++) {
		snprintf(path, sizeof(path), "%s/docs/%s.md", tmp, (*r)->id);
		assert_non_null(f = fopen(path, "w"));
		if (r == fc_rule_list() + 1)
			fputs("---\nid: GID-DUP\ntitle: t\nsummary: s\nremediation: r\nsources: s\n---\nbody\n", f);
		else
			fprintf(f, "---\nid: %s\ntitle: t\nsummary: s\nremediation: r\nsources: s\n---\nbody\n", (*r)->id);
		fclose(f);
	}
	assert_int_equal(fc_ruledocs_load(tmp, fc_rule_list(), &docs, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.msg, "id: expected"));
	snprintf(path, sizeof(path), "%s/docs/%s.md", tmp, fc_rule_list()[1]->id);
	assert_non_null(f = fopen(path, "w"));
	fputs("# no front matter\n", f);
	fclose(f);
	fc_err_clear(&err);
	assert_int_equal(fc_ruledocs_load(tmp, fc_rule_list(), &docs, &err), FC_ERR_INPUT);
	assert_int_equal(err.line, 1);
	assert_non_null(strstr(err.msg, "expected front matter"));
	for (r = fc_rule_list(); *r; r++) {
		snprintf(path, sizeof(path), "%s/docs/%s.md", tmp, (*r)->id);
		remove(path);
	}
	snprintf(path, sizeof(path), "%s/docs", tmp);
	rmdir(path);
	rmdir(tmp);
}

static void every_option_documented(void **state)
{
	const struct fc_cli_option *o;
	struct fc_buf man;
	struct fc_err err;
	struct run r;
	const char *argv[] = { "fabcheck", "help", NULL };

	(void)state;
	fc_err_clear(&err);
	assert_int_equal(fc_read_file("docs/fabcheck.1", 1u << 20, &man, &err), FC_OK);
	run_cli(&r, argv);
	for (o = fc_cli_options(); o->name; o++) {
		char roff[128];
		size_t k, n = 0;

		/* the man page writes every '-' of an option as \- */
		for (k = 0; o->name[k] && n + 3 < sizeof(roff); k++) {
			if (o->name[k] == '-')
				roff[n++] = '\\';
			roff[n++] = o->name[k];
		}
		roff[n] = '\0';
		if (!strstr(man.data, roff))
			fail_msg("option %s missing from docs/fabcheck.1", o->name);
		if (!strstr(r.out, o->name))
			fail_msg("option %s missing from fabcheck help", o->name);
	}
	assert_non_null(strstr(man.data, "EXIT STATUS"));
	/* every registered format, platform and transport, in the man page and in help */
	{
		const struct fc_reporter *const *rp;
		const struct fc_adapter *const *vp;
		const struct fc_transport *tp;
		char want[128];

		for (rp = fc_reporter_list(); *rp; rp++) {
			snprintf(want, sizeof(want), "\n.B %s\n", (*rp)->name);
			if (!strstr(man.data, want) || !strstr(r.out, (*rp)->desc))
				fail_msg("format %s missing from docs/fabcheck.1 FORMATS or help", (*rp)->name);
		}
		for (vp = fc_adapter_list(); *vp; vp++) {
			snprintf(want, sizeof(want), "\n.B %s\n", (*vp)->platform);
			if (!strstr(man.data, want) || !strstr(r.out, (*vp)->title))
				fail_msg("platform %s missing from docs/fabcheck.1 PLATFORMS or help", (*vp)->platform);
		}
		for (tp = fc_transport_list(); tp->name; tp++) {
			snprintf(want, sizeof(want), "\n.B %s\n", tp->name);
			if (!strstr(man.data, want) || !strstr(r.out, tp->desc))
				fail_msg("transport %s missing from docs/fabcheck.1 TRANSPORTS or help", tp->name);
		}
	}
	run_free(&r);
	fc_buf_free(&man);
}

/* JSON string escaping (RFC 8259) wherever the character needing it falls in the 8-byte words the
 * writer scans: quote, backslash, newline, tab, other control characters, and UTF-8 left as is. */
static void json_escape_every_position(void **state)
{
	static const char *const special[] = { "\"", "\\", "\n", "\t", "\x01", "\x1f", "\xc3\xa9", "\x7f" };
	static const char *const want[] = { "\\\"", "\\\\", "\\n", "\\t", "\\u0001", "\\u001f", "\xc3\xa9", "\x7f" };
	size_t k, pos, len;

	(void)state;
	for (k = 0; k < sizeof(special) / sizeof(special[0]); k++)
		for (len = 1; len <= 24; len++)
			for (pos = 0; pos < len; pos++) {
				char in[64], exp[96], a[32], b[32], *out = NULL;
				size_t n = 0;
				FILE *f;

				memset(a, 'a', pos);
				a[pos] = '\0';
				memset(b, 'b', len - pos - 1);
				b[len - pos - 1] = '\0';
				snprintf(in, sizeof(in), "%s%s%s", a, special[k], b);
				snprintf(exp, sizeof(exp), "%s%s%s", a, want[k], b);
				f = open_memstream(&out, &n);
				fc_jw_esc(f, in);
				fclose(f);
				assert_string_equal(out, exp);
				free(out);
			}
}

/* Every report to a file: standard output says where each went and the verdict, once; a report to
 * standard output is all it holds. */
static void reports_to_files_are_said(void **state)
{
	const char *files[] = { "fabcheck", "validate", "inventories/demo", "--format", "html=/tmp/fabcheck-said.html",
				"--format", "json=/tmp/fabcheck-said.json", NULL };
	const char *mixed[] = { "fabcheck", "validate", "inventories/demo", "--format", "json",
				"--format", "html=/tmp/fabcheck-said.html", NULL };
	struct run r;

	(void)state;
	run_cli(&r, files);
	assert_int_equal(r.code, 1);
	assert_non_null(strstr(r.out, "html report: /tmp/fabcheck-said.html\njson report: /tmp/fabcheck-said.json\n"));
	assert_non_null(strstr(r.out, "Summary: 5 failing (5 critical"));
	assert_non_null(strstr(r.out, "Exit 1.\n"));
	run_free(&r);
	run_cli(&r, mixed);
	assert_int_equal(r.code, 1);
	assert_true(r.out[0] == '{' && !strstr(r.out, "html report:"));
	run_free(&r);
	unlink("/tmp/fabcheck-said.html");
	unlink("/tmp/fabcheck-said.json");
}

/* The rule pages' Markdown for a terminal: bold as bold with colour, plain without; code and links
 * without their markup. */
static void markdown_for_a_terminal(void **state)
{
	static const char md[] = "# Title\n**Condition.** FAIL when `min_headroom_bytes` is [above](https://x.test/a) it.\n";
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	f = open_memstream(&buf, &len);
	fc_md_term(f, md, false);
	fclose(f);
	assert_string_equal(buf, "Title\nCondition. FAIL when min_headroom_bytes is above (https://x.test/a) it.\n");
	free(buf);
	f = open_memstream(&buf, &len);
	fc_md_term(f, md, true);
	fclose(f);
	assert_string_equal(buf, "Title\n\033[1mCondition.\033[0m FAIL when min_headroom_bytes is above (https://x.test/a) it.\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(demo_planted_findings),
		cmocka_unit_test(exit_codes),
		cmocka_unit_test(usage_before_load),
		cmocka_unit_test(incomplete_is_3),
		cmocka_unit_test(malformed_inputs),
		cmocka_unit_test(user_policy_errors),
		cmocka_unit_test(param_defaults_valid),
		cmocka_unit_test(policy_changes_results),
		cmocka_unit_test(ci_gate_yaml_json_same),
		cmocka_unit_test(waivers),
		cmocka_unit_test(collect_file_transport),
		cmocka_unit_test(colour_rules),
		cmocka_unit_test(parse_prints_model),
		cmocka_unit_test(every_rule_documented),
		cmocka_unit_test(every_option_documented),
		cmocka_unit_test(json_escape_every_position),
		cmocka_unit_test(reports_to_files_are_said),
		cmocka_unit_test(markdown_for_a_terminal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
