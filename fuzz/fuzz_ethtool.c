/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the agentless text parsers (ethtool, -i, -a, --show-fec, -S, --get-tunable,
 * -m; mlnx_qos; dcb -j pfc/app/buffer; lldpcli -f json0; iptables-legacy-save; ip link/address
 * show; ibv_devinfo; ip -j addr; limits.conf) and the module EEPROM decoder (the input as raw
 * bytes). Every parser runs on every input: each must reject or accept it, never crash, and a
 * rejection carries its reason. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe/fs.h"
#include "probe/probe.h"

/* The error convention holds on every input: a failure carries its reason. */
static void check(enum fc_rc rc, const struct fc_err *e)
{
	if (rc != FC_OK && (e->rc == FC_OK || !e->msg[0]))
		abort();
}

/* A cleared record for the next call (the first error recorded wins). */
static struct fc_err *fresh(struct fc_err *e)
{
	fc_err_clear(e);
	return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), where[160], addrs[8][64];
	struct fc_err e;
	struct fc_link_info *li = malloc(sizeof(*li));
	struct fc_lldp_info *lldp = malloc(sizeof(*lldp));
	struct fc_drv_info di;
	struct fc_pause_info pi;
	struct fc_fec_info fi;
	struct fc_stats st;
	struct fc_module_info mi;
	struct fc_dcb_info dcb;
	struct fc_memlock ml;
	int mtu;
	unsigned ms;
	size_t n;

	if (!text || !li || !lldp) {
		free(text);
		free(li);
		free(lldp);
		return 0;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	check(fc_ethtool_settings_text(text, li, fresh(&e)), &e);
	check(fc_ethtool_drvinfo_text(text, &di, fresh(&e)), &e);
	check(fc_ethtool_pause_text(text, &pi, fresh(&e)), &e);
	check(fc_ethtool_fec_text(text, &fi, fresh(&e)), &e);
	if (fc_ethtool_stats_text(text, &st, fresh(&e)) == FC_OK)
		fc_stats_free(&st);
	else
		check(FC_ERR_INPUT, &e);
	check(fc_ethtool_tunable_text(text, &ms, fresh(&e)), &e);
	check(fc_ip_addr_json(text, "eth0", addrs, 8, &n, fresh(&e)), &e);
	check(fc_module_text(text, &mi, fresh(&e)), &e);
	check(fc_mlnx_qos_text(text, &dcb, fresh(&e)), &e);
	check(fc_dcb_pfc_json(text, &dcb, fresh(&e)), &e);
	check(fc_dcb_app_json(text, &dcb, fresh(&e)), &e);
	check(fc_dcb_buffer_json(text, &dcb, fresh(&e)), &e);
	check(fc_lldpcli_json0(text, "ens1f0", lldp, fresh(&e)), &e);
	if (!fc_ipt_roce_verdict(text, "ens1f0", fresh(&e), where, sizeof(where)))
		check(FC_ERR_INPUT, &e);
	{
		struct fc_ip_iface *ifs = NULL;
		size_t nifs = 0;

		check(fc_ip_text(text, &ifs, &nifs, fresh(&e)), &e);
		fc_ip_free(ifs, nifs);
	}
	check(fc_ibv_devinfo_mtu(text, "mlx5_0", 1, &mtu, fresh(&e)), &e);
	memset(&ml, 0, sizeof(ml));
	{
		/* an empty tree: no /etc/group to look groups up in */
		struct fc_memfs *mem = fc_memfs_new();
		struct fc_fs fs;

		if (mem) {
			fc_fs_open_mem(&fs, mem, NULL);
			check(fc_limits_text(text, "limits.conf", &fs, "slurm", &ml, fresh(&e)), &e);
			fc_memfs_free(&mem);
		}
	}
	check(fc_module_decode(data, size, &mi, fresh(&e)), &e);
	free(li);
	free(lldp);
	free(text);
	return 0;
}
