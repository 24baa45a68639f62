# bash completion for ptriage(1). Installed as share/bash-completion/completions/ptriage.
# Self-contained (no bash-completion helpers), so tests can source it in a plain bash.
# tests/app/test_man_page.py checks that it offers exactly the options of `ptriage COMMAND --help`.

_ptriage_pids()
{
    local p pids=()
    for p in /proc/[0-9]*; do
        pids+=("${p#/proc/}")
    done
    mapfile -t COMPREPLY < <(compgen -W "${pids[*]}" -- "$1")
}

_ptriage_files()
{
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_ptriage_dirs()
{
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -d -- "$1")
}

_ptriage()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    # --opt=value: bash splits at '=' (COMP_WORDBREAKS).
    if [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi
    local commands="gui scan explain groups capture hosts evidence act relieve port mcp pressure watch record sessions diff accumulation learned report help"
    local verbs="end kill pause resume freeze thaw throttle unthrottle renice quarantine unquarantine signal reap"
    local command=
    if [[ $COMP_CWORD -ge 2 && " $commands " == *" ${COMP_WORDS[1]} "* ]]; then
        command=${COMP_WORDS[1]}
    fi

    # The option's argument.
    case $prev in
        --db | --state | --screenshot | --journal | -o | --output)
            _ptriage_files "$cur"
            return
            ;;
        --proc-root)
            _ptriage_dirs "$cur"
            return
            ;;
        --select | --pid)
            _ptriage_pids "$cur"
            return
            ;;
        --host)
            mapfile -t COMPREPLY < <(compgen -A hostname -- "$cur")
            return
            ;;
        --view)
            mapfile -t COMPREPLY < <(compgen -W "flat tree origin" -- "$cur")
            return
            ;;
        --tab)
            mapfile -t COMPREPLY < <(compgen -W "evidence blast details charts sessions ports" -- "$cur")
            return
            ;;
        --act)
            mapfile -t COMPREPLY < <(compgen -W "$verbs group-end" -- "$cur")
            return
            ;;
        --signal)
            mapfile -t COMPREPLY < <(compgen -W "HUP INT TERM KILL USR1 USR2 STOP CONT" -- "$cur")
            return
            ;;
        --min-age | --keep-days | --nice | --cpus | --quota | --timeout | --interval | --count | --since | \
            --limit | --forget | --session | --diff | --free-memory | --free-port | --after)
            COMPREPLY=() # a number, duration, size or pattern
            return
            ;;
    esac

    local options
    case $command in
        "" | gui) options="--tray --db --proc-root --min-age --view --host --screenshot --select --tab --act --after --help -h" ;;
        scan) options="--json --pretty --all --wide --save --keep-days --db --proc-root --state --min-age --host --timeout --help -h" ;;
        hosts) options="--host --timeout --json --help -h" ;;
        evidence) options="--proc-root --help -h" ;;
        explain) options="--json --db --proc-root --state --min-age --help -h" ;;
        groups) options="--json --pretty --all --session --ending --ended --tool --end --yes --timeout --db --proc-root --state --min-age --help -h" ;;
        capture) options="--pid --proc-root --help -h" ;;
        act) options="--signal --group --nice --cpus --quota --timeout --db --journal --yes --host --min-age --json --help -h" ;;
        relieve) options="--free-memory --free-port --json --yes --timeout --db --proc-root --state --min-age --help -h" ;;
        port) options="--json --db --proc-root --state --min-age --help -h" ;;
        mcp) options="--db --proc-root --state --min-age --help -h" ;;
        pressure) options="--json --watch --interval --proc-root --help -h" ;;
        watch) options="--json --all --interval --count --min-age --db --proc-root --help -h" ;;
        record) options="--interval --count --db --keep-days --proc-root --state --min-age --help -h" ;;
        sessions) options="--host --json --db --help -h" ;;
        diff) options="--last --since --host --all --json --db --help -h" ;;
        accumulation) options="--since --host --across-hosts --limit --json --db --help -h" ;;
        learned) options="--json --forget --clear --db --help -h" ;;
        report) options="--live --last --session --diff --host --local --timeout -o --output --db --proc-root --state --min-age --help -h" ;;
        help) options="" ;;
    esac
    [[ -z $command ]] && options+=" --version"

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return
    fi
    # Positional arguments.
    case $command in
        "")
            [[ $COMP_CWORD -eq 1 ]] && mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
            ;;
        explain) _ptriage_pids "$cur" ;;
        capture) _ptriage_dirs "$cur" ;;
        act)
            if [[ $COMP_CWORD -eq 2 ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$verbs undo journal" -- "$cur")
            else
                COMPREPLY=() # START_IDs (boot_id:start:pid): see ptriage explain PID
            fi
            ;;
        *) COMPREPLY=() ;;
    esac
}

complete -F _ptriage ptriage
