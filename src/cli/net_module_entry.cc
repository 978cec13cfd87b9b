// The network module's entry point (net_module.h): built into
// hivelineage-net.so, and linked straight into programs that want the
// network code without loading it (the tests, the Python package).
#include "cli/net_module.h"

extern "C" __attribute__((visibility("default"))) const hivelineage::cli::NetModule* hivelineage_net_module() {
  static const hivelineage::cli::NetModule module = {
      HIVELINEAGE_VERSION,
      hivelineage::cli::kNetModuleAbi,
      &hivelineage::cli::PostEvents,
      &hivelineage::view::MakeHttpServer,
  };
  return &module;
}
