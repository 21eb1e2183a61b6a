import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@scout/sdk/members';
import { auditLine } from './audit-line.ts';

const members = [
  { id: 'lou', displayName: 'Lou Ranger', email: 'lou@troop12.org' },
  { id: 'max', displayName: null, email: 'max@troop12.org' },
];

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  at: '2031-03-04T12:00:00.000Z',
  actorId: 'lou',
  action: 'invitation.revoked',
  targetId: '5f0c1d8e-7a51-4f51-9a43-5b1a0c6b7e21',
  details: {},
  ...over,
});

const forRobin = {
  email: 'robin@troop12.org',
  maxUses: 1,
  createdBy: 'lou',
  createdAt: '2031-03-02T12:00:00.000Z',
};

describe('an audit log entry in words', () => {
  it('a revoked invitation names whom it was for, who made it and when, never its id', () => {
    const line = auditLine(entry({ invitation: forRobin }), members);
    expect(line).toBe(
      'Lou Ranger: invitation revoked for robin@troop12.org, made by Lou Ranger on Sun, Mar 02, 2031',
    );
    expect(line).not.toContain('5f0c1d8e');
  });

  it('a link for several people says so, and a maker since removed is a former member', () => {
    const link = { ...forRobin, email: null, maxUses: 3, createdBy: null };
    expect(auditLine(entry({ invitation: link }), members)).toBe(
      'Lou Ranger: invitation revoked, a link for up to 3 people, made by a former member on Sun, Mar 02, 2031',
    );
    expect(auditLine(entry({ action: 'invitation.created', invitation: link }), members)).toBe(
      'Lou Ranger: invitation created, a link for up to 3 people',
    );
    expect(auditLine(entry({ action: 'invitation.created', invitation: forRobin }), members)).toBe(
      'Lou Ranger: invitation created for robin@troop12.org',
    );
  });

  it('an invitation no longer on record is still not shown by its id', () => {
    const line = auditLine(entry({ invitation: null }), members);
    expect(line).toBe('Lou Ranger: invitation revoked, an invitation no longer on record');
  });

  it('other changes name the member, else the email they had', () => {
    expect(auditLine(entry({ action: 'member.suspended', targetId: 'max' }), members)).toBe(
      'Lou Ranger: member suspended max@troop12.org',
    );
    expect(
      auditLine(
        entry({
          actorId: null,
          action: 'member.refused',
          targetId: 'gone',
          details: { email: 'zoe@troop12.org' },
        }),
        members,
      ),
    ).toBe('the server: member refused zoe@troop12.org');
  });
});
