/* SPDX-License-Identifier: MIT */
/* libFuzzer harness: the agentless text parsers (ethtool, -i, -a, --show-fec, -S, --get-tunable,
 * -m; mlnx_qos; dcb -j pfc/app/buffer; lldpcli -f json0; iptables-legacy-save; ip link/address show; ibv_devinfo; ip -j addr; limits.conf) and the module EEPROM decoder (the input as raw bytes). Every parser runs on
 * every input: each must reject or accept it, never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe/fs.h"
#include "probe/probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), why[512], where[160], addrs[8][64];
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
	fc_ethtool_settings_text(text, li, why, sizeof(why));
	fc_ethtool_drvinfo_text(text, &di, why, sizeof(why));
	fc_ethtool_pause_text(text, &pi, why, sizeof(why));
	fc_ethtool_fec_text(text, &fi, why, sizeof(why));
	if (fc_ethtool_stats_text(text, &st, why, sizeof(why)) == FC_OK)
		fc_stats_free(&st);
	fc_ethtool_tunable_text(text, &ms, why, sizeof(why));
	fc_ip_addr_json(text, "eth0", addrs, 8, &n, why, sizeof(why));
	fc_module_text(text, &mi, why, sizeof(why));
	fc_mlnx_qos_text(text, &dcb, why, sizeof(why));
	fc_dcb_pfc_json(text, &dcb, why, sizeof(why));
	fc_dcb_app_json(text, &dcb, why, sizeof(why));
	fc_dcb_buffer_json(text, &dcb, why, sizeof(why));
	fc_lldpcli_json0(text, "ens1f0", lldp, why, sizeof(why));
	fc_ipt_roce_verdict(text, "ens1f0", why, sizeof(why), where, sizeof(where));
	{
		struct fc_ip_iface *ifs = NULL;
		size_t nifs = 0;

		fc_ip_text(text, &ifs, &nifs, why, sizeof(why));
		fc_ip_free(ifs, nifs);
	}
	fc_ibv_devinfo_mtu(text, "mlx5_0", 1, &mtu, why, sizeof(why));
	memset(&ml, 0, sizeof(ml));
	{
		/* an empty tree: no /etc/group to look groups up in */
		struct fc_memfs *mem = fc_memfs_new();
		struct fc_fs fs;

		if (mem) {
			fc_fs_open_mem(&fs, mem);
			fc_limits_text(text, "limits.conf", &fs, "slurm", &ml, why, sizeof(why));
			fc_memfs_free(&mem);
		}
	}
	fc_module_decode(data, size, &mi, why, sizeof(why));
	free(li);
	free(lldp);
	free(text);
	return 0;
}
