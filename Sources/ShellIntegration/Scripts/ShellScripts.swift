/// The scripts `instantsearch --bash`, `--zsh` and `--fish` print (and `make install` writes to
/// share/instantsearch/shell/). They call `instantsearch` from PATH and quote every value they
/// put on the command line. bash and zsh share the POSIX-ish helpers (`PosixHelpers`).
public enum ShellScripts {
    public static func script(for shell: ShellKind) -> String {
        switch shell {
        case .bash:
            return header("bash", load: #"eval "$(instantsearch --bash)""#)
                + "[[ $- == *i* ]] || return 0\n__instantsearch_shell=bash\n" + PosixHelpers.text + BashScript.text
        case .zsh:
            return header("zsh", load: #"eval "$(instantsearch --zsh)""#)
                + "[[ -o interactive ]] || return 0\n__instantsearch_shell=zsh\n" + PosixHelpers.text + ZshScript.text
        case .fish: return header("fish", load: "instantsearch --fish | source") + FishScript.text
        }
    }

    static func header(_ shell: String, load: String) -> String {
        """
        # instantsearch's \(shell) integration. Load it from your \(shell) startup file with:
        #     \(load)
        # Ctrl-T: files under the current folder, inserted quoted. Ctrl-R: history (Enter puts
        # the command on the prompt, Ctrl-O runs it). Alt-C: cd into a folder. **<Tab>: paths;
        # kill **<Tab>: processes; ssh **<Tab>: hosts.
        # INSTANTSEARCH_CTRL_T_COMMAND: a command whose lines Ctrl-T lists instead of the walker.
        # INSTANTSEARCH_CTRL_T_OPTS, _CTRL_R_OPTS, _ALT_C_OPTS, _COMPLETION_OPTS: options added
        # to INSTANTSEARCH_DEFAULT_OPTS for that key. INSTANTSEARCH_HEIGHT: rows (default 40%).

        """
    }
}
