/* SPDX-License-Identifier: MIT */
/* LLDP neighbours, from a running lldpd: live over its control socket with liblldpctl (the
 * library lldpcli itself uses, so the probe spawns nothing), and agentless from
 * `lldpcli -f json0 show neighbors details` (the format with a stable structure: every value
 * is an array of objects, however many neighbours there are).
 *
 *   {"lldp": [{"interface": [{"name": "ens1f0", "via": "LLDP",
 *       "chassis": [{"id": [{"type": "mac", "value": ...}], "name": [{"value": "leaf1"}], ...}],
 *       "port": [{"id": [{"type": "ifname", "value": "Ethernet1/2"}], "descr": [...]}]}]}]}
 *
 * A host with no lldpd is unknown with the reason ("lldpd is not running"), never "no
 * neighbour". */
#include <stdio.h>
#include <string.h>

#include "doc/doc.h"
#include "doc/lldpcli.h"
#include "probe/probe.h"
#include "util/dl_lldpctl.h"

/* A TLV's text into a field sized for the longest one 802.1AB allows (255 bytes); false for a
 * longer one, which no LLDP agent sends: refused, never cut. */
static bool copy(char *dst, size_t size, const char *src)
{
	size_t n = src ? strlen(src) : 0;

	if (n >= size)
		return false;
	memcpy(dst, src ? src : "", n + 1);
	return true;
}

/* The first neighbour of one interface atom; false when it has none. */
static bool first_neighbour(lldpctl_atom_t *iface, struct fc_lldp_info *out)
{
	lldpctl_atom_t *port = fc_lldpctl()->lldpctl_get_port(iface), *nbs, *nb;
	bool found = false;

	if (!port)
		return false;
	nbs = fc_lldpctl()->lldpctl_atom_get(port, lldpctl_k_port_neighbors);
	if (nbs) {
		fc_lldpctl_foreach(nbs, nb) {
			if (found)
				continue;   /* iterate to the end: the macro releases each value */
			found = copy(out->system_name, sizeof(out->system_name),
				     fc_lldpctl()->lldpctl_atom_get_str(nb, lldpctl_k_chassis_name)) &&
				copy(out->port_id, sizeof(out->port_id), fc_lldpctl()->lldpctl_atom_get_str(nb, lldpctl_k_port_id)) &&
				copy(out->port_id_type, sizeof(out->port_id_type),
				     fc_lldpctl()->lldpctl_atom_get_str(nb, lldpctl_k_port_id_subtype)) &&
				out->port_id[0] != '\0';
		}
		fc_lldpctl()->lldpctl_atom_dec_ref(nbs);
	}
	fc_lldpctl()->lldpctl_atom_dec_ref(port);
	return found;
}

static void quiet(int severity, const char *msg)
{
	(void)severity;
	(void)msg;
}

enum fc_rc fc_lldpd_neighbour(const char *socket, const char *ifname, struct fc_lldp_info *out, struct fc_err *err)
{
	const char *path;
	lldpctl_conn_t *conn;
	lldpctl_atom_t *ifaces, *iface;
	bool seen = false, found = false;

	memset(out, 0, sizeof(*out));
	if (fc_dynlib_load(FC_LIB_LLDPCTL, err) != FC_OK)
		return FC_ERR_UNSUPPORTED;
	path = socket ? socket : fc_lldpctl()->lldpctl_get_default_transport();
	conn = fc_lldpctl()->lldpctl_new_name(path, NULL, NULL, NULL);
	/* the library logs to stderr by default; its errors come back to us through
	 * lldpctl_last_error and end in the document instead */
	fc_lldpctl()->lldpctl_log_callback(quiet);
	if (!conn)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "liblldpctl: out of memory");
	ifaces = fc_lldpctl()->lldpctl_get_interfaces(conn);
	if (!ifaces) {
		lldpctl_error_t e = fc_lldpctl()->lldpctl_last_error(conn);

		if (e == LLDPCTL_ERR_CANNOT_CONNECT)
			fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpd is not running (no answer on %s)", path);
		else
			fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpd on %s: %s", path, fc_lldpctl()->lldpctl_strerror(e));
		fc_lldpctl()->lldpctl_release(conn);
		return FC_ERR_UNSUPPORTED;
	}
	fc_lldpctl_foreach(ifaces, iface) {
		const char *name = fc_lldpctl()->lldpctl_atom_get_str(iface, lldpctl_k_interface_name);

		if (seen || !name || strcmp(name, ifname))
			continue;
		seen = true;
		found = first_neighbour(iface, out);
	}
	fc_lldpctl()->lldpctl_atom_dec_ref(ifaces);
	fc_lldpctl()->lldpctl_release(conn);
	if (!seen) {
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpd does not run LLDP on %s", ifname);
	}
	if (!found) {
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpd has seen no LLDP neighbour on %s", ifname);
	}
	return FC_OK;
}

struct find {
	const char *ifname;
	struct fc_lldp_info *out;
	bool seen, too_long;
	unsigned line;
};

static enum fc_rc find_nb(void *ctx, const struct fc_lldpcli_nb *nb)
{
	struct find *f = ctx;

	if (f->seen || strcmp(nb->ifname, f->ifname))
		return FC_OK;
	f->seen = true;
	f->line = nb->line;
	f->too_long = !copy(f->out->port_id, sizeof(f->out->port_id), nb->port_id) ||
		      !copy(f->out->port_id_type, sizeof(f->out->port_id_type), nb->port_id_type) ||
		      !copy(f->out->system_name, sizeof(f->out->system_name), nb->sysname);
	return FC_OK;
}

enum fc_rc fc_lldpcli_json0(const char *text, const char *ifname, struct fc_lldp_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	struct find f = { ifname, out, false, false, 0 };
	const char *t = text + strspn(text, " \t\r\n");
	enum fc_rc rc;

	memset(out, 0, sizeof(*out));
	if (*t != '{') {
		/* lldpcli's own error ("cannot find lldpd socket"), not JSON: the tool failed */
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpcli: %.*s", (int)strcspn(t, "\n"),
				  *t ? t : "no output");
	}
	if ((rc = doc_parse_json("lldpcli -f json0", text, strlen(text), &d, err)) == FC_OK)
		rc = fc_lldpcli_walk(d, find_nb, &f, err);
	doc_free(&d);
	if (rc != FC_OK) {
		err->file[0] = '\0';   /* the document's name is the command: the caller knows the file */
		return rc;
	}
	if (f.too_long)
		return fc_err_set(err, FC_ERR_INPUT, NULL, f.line,
				  "the neighbour on %s sends a field longer than LLDP allows",
				  ifname);
	if (!f.seen)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0, "lldpd has seen no LLDP neighbour on %s", ifname);
	return FC_OK;
}
