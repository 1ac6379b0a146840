// libyaml: YAML 1.1 parser and emitter.
#include <yaml.h>
