/** The admin CLI's help (admin.ts), printed for --help and after a usage error. */
export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email E --password P --role R [--name N] [--troop T]
                            R: a configured role (admin, leader, user)
                            create an account (the first admin, for instance);
                            --password - reads the password from standard input
  set-role --email E --role R [--troop T]   R: a configured role (admin, leader, user)
                            change an account's role; tokens already issued act with it
                            within seconds, on every server process
                            T: the troop (its number, project id or id); without it, the
                            server's first troop
  issue-key --name N [--troop T | --platform]
                            issue a service key; it is printed once and never again; it
                            acts in troop T (default: the first troop), or with --platform
                            in every troop
  revoke-key --id ID        revoke a service key
  list-keys                 list service keys (never the keys themselves)
  troop add --number N --name NAME --project ID [--time-zone TZ] [--signup-mode M]
            [--contact TEXT] [--leader EMAIL] [--kind K] [--council C] [--accepts-troops]
                            make a troop, named on the wire by ID (letters, digits, - and _);
                            M: open, approval or invite; the leader's account becomes its
                            leader, or an address with no account gets an invitation link;
                            K: troop (the default) or council; C: the troop's council (its
                            number, project id or id); --accepts-troops: a council whose
                            sign-ups with an unknown troop number register a new troop,
                            waiting for a council admin to confirm it
  troop list                list the server's units, councils first: kind, council and how
                            many active members each has
  backup --out FILE         online backup of the SQLite database while the server runs;
                            progress on standard error (on PostgreSQL use pg_dump)

The database is the server's: DATA_DIR (default ./data) or DATABASE_URL.
Exit codes: 0 done, 1 the command failed, 2 usage error or not supported here.`;
