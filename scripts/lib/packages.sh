# Installs the Debian packages given that are not installed yet (sourced by
# the scripts; apt-get runs through sudo when not root).
ensure_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    echo "installing ${missing[*]}" >&2
    local sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get install -y -q "${missing[@]}" >&2 ||
        { "${sudo_cmd[@]}" apt-get update -q >&2 && "${sudo_cmd[@]}" apt-get install -y -q "${missing[@]}" >&2; }
}
