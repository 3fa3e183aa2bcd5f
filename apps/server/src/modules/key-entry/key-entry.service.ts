import {
  type KeyAlgorithm,
  KeyEntryErrorCode,
  KeyEntryErrorText,
  type KeyState,
} from '@portico/contracts/access/key-entry';
import type { SessionContext } from '../../access/request-session';
import type { Db, Executor } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import type { SessionOrigin } from '../session/session.service';
import { combineComponents, deriveIpek, keyCheckValue } from './key-crypto';
import {
  type CeremonyRow,
  completeCeremony,
  componentsOf,
  findOpenCeremony,
  insertComponent,
  insertInjection,
  latestCompletedCeremony,
  lockLatestCompletedCeremony,
  lockOpenCeremony,
  openCeremony,
  setCeremonyArn,
} from './key-entry.repository';

export const KeyEntryError = defineErrors({
  SecondOfficerNeeded: [KeyEntryErrorCode.SecondOfficerNeeded, 'business_rule'],
  AlgorithmMismatch: [KeyEntryErrorCode.AlgorithmMismatch, 'business_rule'],
  KeyIncomplete: [KeyEntryErrorCode.KeyIncomplete, 'business_rule'],
  NotTdes: [KeyEntryErrorCode.NotTdes, 'business_rule'],
  ArnMissing: [KeyEntryErrorCode.ArnMissing, 'business_rule'],
});

export type KeyEntryDeps = { db: Db; cipher: FieldCipher };
type Officer = Pick<SessionContext, 'userId' | 'email'>;

// Two components from two different officers make a key (dual control).
const COMPONENTS_PER_KEY = 2;

async function stateOf(executor: Executor, ceremony: CeremonyRow): Promise<KeyState> {
  const components = await componentsOf(executor, ceremony.id);
  return {
    algorithm: ceremony.algorithm,
    length_bytes: ceremony.lengthBytes,
    kcv: ceremony.kcv,
    completed_at: ceremony.completedAt?.toISOString() ?? null,
    arn: ceremony.arn,
    components: components.map((component) => ({
      position: component.position,
      kcv: component.kcv,
      loaded_by: component.loadedBy,
      loaded_at: component.loadedAt.toISOString(),
    })),
  };
}

function audit(
  executor: Executor,
  officer: Officer,
  origin: SessionOrigin,
  details: Record<string, unknown>,
) {
  return recordAudit(executor, {
    action: 'key_entry',
    outcome: 'success',
    actorUserId: officer.userId,
    actorEmail: officer.email,
    targetType: 'key',
    ip: origin.ip,
    userAgent: origin.userAgent,
    details,
  });
}

// POST /api/key-entry: one officer's component joins the key being entered (a new key when none
// is); the second officer's completes it. Only check values are answered.
export async function loadKeyComponent(
  deps: KeyEntryDeps,
  officer: Officer,
  origin: SessionOrigin,
  body: { component: string; algorithm: KeyAlgorithm },
): Promise<{ component_kcv: string; key: KeyState }> {
  const component = Buffer.from(body.component, 'hex');
  const componentKcv = keyCheckValue(body.algorithm, component);
  return deps.db.transaction(async (tx) => {
    let ceremony = await lockOpenCeremony(tx);
    if (!ceremony) {
      await openCeremony(tx, { algorithm: body.algorithm, lengthBytes: component.length });
      ceremony = await lockOpenCeremony(tx);
      if (!ceremony) throw new Error('No key is open after opening one');
    }
    if (ceremony.algorithm !== body.algorithm || ceremony.lengthBytes !== component.length) {
      throw KeyEntryError.AlgorithmMismatch(KeyEntryErrorText.AlgorithmMismatch);
    }
    const loaded = await componentsOf(tx, ceremony.id);
    if (loaded.some((row) => row.loadedByUserId === officer.userId)) {
      throw KeyEntryError.SecondOfficerNeeded(KeyEntryErrorText.SecondOfficerNeeded);
    }
    const position = loaded.length + 1;
    await insertComponent(tx, {
      ceremonyId: ceremony.id,
      position,
      componentEnc: deps.cipher.encrypt(body.component.toUpperCase(), encryptedColumn.keyComponent),
      kcv: componentKcv,
      loadedByUserId: officer.userId,
    });
    let kcv: string | null = null;
    if (position >= COMPONENTS_PER_KEY) {
      const shares = loaded.map((row) => {
        if (row.componentEnc === null) throw new Error('A component of an open key was cleared');
        return Buffer.from(deps.cipher.decrypt(row.componentEnc, encryptedColumn.keyComponent), 'hex');
      });
      const key = combineComponents(ceremony.algorithm, [...shares, component]);
      kcv = keyCheckValue(ceremony.algorithm, key);
      await completeCeremony(tx, ceremony.id, {
        keyEnc: deps.cipher.encrypt(key.toString('hex').toUpperCase(), encryptedColumn.keyCeremonyKey),
        kcv,
      });
    }
    await audit(tx, officer, origin, {
      step: 'component',
      keyId: ceremony.id,
      position,
      componentKcv,
      ...(kcv ? { keyKcv: kcv } : {}),
    });
    const refreshed = kcv ? { ...ceremony, kcv, completedAt: new Date() } : ceremony;
    return { component_kcv: componentKcv, key: await stateOf(tx, refreshed) };
  });
}

// GET /api/key-entry/kcv: the key being entered, else the last one completed.
export async function currentKeyState(db: Db): Promise<KeyState | null> {
  const ceremony = (await findOpenCeremony(db)) ?? (await latestCompletedCeremony(db));
  return ceremony ? stateOf(db, ceremony) : null;
}

// POST /api/key-entry/arn: the key-management key the last completed key is injected under.
export async function loadKeyArn(
  deps: KeyEntryDeps,
  officer: Officer,
  origin: SessionOrigin,
  arn: string,
): Promise<KeyState> {
  return deps.db.transaction(async (tx) => {
    const ceremony = await lockLatestCompletedCeremony(tx);
    if (!ceremony) throw KeyEntryError.KeyIncomplete(KeyEntryErrorText.KeyIncomplete);
    await setCeremonyArn(tx, ceremony.id, arn);
    await audit(tx, officer, origin, { step: 'arn', keyId: ceremony.id, keyKcv: ceremony.kcv, arn });
    return stateOf(tx, { ...ceremony, arn });
  });
}

// POST /api/remote-key-injection: a device's IPEK from the last completed BDK and its serial number.
export async function injectRemoteKey(
  deps: KeyEntryDeps,
  officer: Officer,
  origin: SessionOrigin,
  ksn: string,
): Promise<{ ksn: string; ipek_kcv: string; bdk_kcv: string; arn: string; injected_at: string }> {
  return deps.db.transaction(async (tx) => {
    const ceremony = await lockLatestCompletedCeremony(tx);
    if (!ceremony?.keyEnc || !ceremony.kcv)
      throw KeyEntryError.KeyIncomplete(KeyEntryErrorText.KeyIncomplete);
    if (ceremony.algorithm !== 'TDES' || ceremony.lengthBytes !== 16) {
      throw KeyEntryError.NotTdes(KeyEntryErrorText.NotTdes);
    }
    if (!ceremony.arn) throw KeyEntryError.ArnMissing(KeyEntryErrorText.ArnMissing);
    const bdk = Buffer.from(deps.cipher.decrypt(ceremony.keyEnc, encryptedColumn.keyCeremonyKey), 'hex');
    const ipek = deriveIpek(bdk, Buffer.from(ksn, 'hex'));
    const ipekKcv = keyCheckValue('TDES', ipek);
    const injectedAt = await insertInjection(tx, {
      ceremonyId: ceremony.id,
      ksn,
      ipekEnc: deps.cipher.encrypt(ipek.toString('hex').toUpperCase(), encryptedColumn.keyInjectionIpek),
      ipekKcv,
      arn: ceremony.arn,
      injectedByUserId: officer.userId,
    });
    await audit(tx, officer, origin, { step: 'remote_key_injection', keyId: ceremony.id, ksn, ipekKcv });
    return {
      ksn,
      ipek_kcv: ipekKcv,
      bdk_kcv: ceremony.kcv,
      arn: ceremony.arn,
      injected_at: injectedAt.toISOString(),
    };
  });
}
