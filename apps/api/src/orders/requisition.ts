import { testsOfOrder } from '@shop/core';
import { medicalProfiles, orderEvents, users, type Executor, type OrderRow } from '@shop/db';
import { and, desc, eq } from 'drizzle-orm';
import { conflict, notFound } from '../errors.ts';
import { colors, drawPageFeet, drawRunningHead, Flow, LayoutDocument } from '../reports/pdf-layout.ts';
import { findChosenLab, loadOrderDetails } from './repository.ts';
import { physicianOfRecord } from '../clinicians/physician.ts';

/**
 * The lab requisition: the paper a member brings to the partner lab they chose, which names who is
 * tested, what the lab draws for, who approved the order and where. It exists while the order
 * waits at the lab (`lab_order_sent`), for the order's own member only.
 */
export interface Requisition {
  orderNumber: number;
  approvedAt: Date;
  approvedBy: string | null;
  /** the physician of record: who ordered the tests, under which state's licence ("Texas licence Q1234") */
  physician: { name: string; licence: string } | null;
  patient: { fullName: string; dateOfBirth: string; sex: string } | null;
  lab: { name: string; address: string; city: string; state: string; zipCode: string; hours: string | null };
  tests: { title: string; biomarkers: string[] }[];
}

export async function loadRequisition(db: Executor, order: OrderRow, userId: string): Promise<Requisition> {
  if (order.userId !== userId) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  const lab = await findChosenLab(db, order.id);
  if (!lab || order.status !== 'lab_order_sent') {
    throw conflict('NO_REQUISITION', 'This order has no lab requisition: it is made once a clinician approves an order for a partner lab.');
  }
  const [details, physician] = await Promise.all([loadOrderDetails(db, order.id), physicianOfRecord(db, order.id)]);
  const [approval] = await db
    .select({ at: orderEvents.createdAt, by: users.name })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actor))
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'lab_order_sent')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  const [profile] = await db
    .select({ fullName: medicalProfiles.fullName, dateOfBirth: medicalProfiles.dateOfBirth, sex: medicalProfiles.sex })
    .from(medicalProfiles)
    .where(eq(medicalProfiles.userId, userId));
  return {
    orderNumber: order.number,
    approvedAt: approval?.at ?? order.updatedAt,
    approvedBy: approval?.by ?? null,
    physician: physician && { name: physician.name, licence: physician.licence },
    patient: profile ?? null,
    lab,
    tests: testsOfOrder(details.items).map((test) => ({
      title: test.title,
      biomarkers: test.biomarkers.map((biomarker) => biomarker.title),
    })),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });
const sexLabels: Record<string, string> = { female: 'Female', male: 'Male' };

export async function renderRequisition(requisition: Requisition): Promise<Uint8Array> {
  const doc = new LayoutDocument({ title: `Base lab requisition: order #${requisition.orderNumber}`, createdAt: requisition.approvedAt });
  const { fonts } = doc;
  const body = { font: fonts.regular, size: 10.5 };
  const label = { font: fonts.bold, size: 10.5 };
  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Lab requisition', `Order #${requisition.orderNumber}`));
  flow.paragraph('Lab requisition', { font: fonts.bold, size: 22 });
  flow.gap(4);
  flow.paragraph('Bring this page and a photo ID to the lab. The lab draws the sample for the tests below and sends the results to Base.', {
    ...body,
    color: colors.muted,
  });

  flow.gap(10);
  flow.paragraph('Patient', label);
  const { patient } = requisition;
  flow.paragraph(patient ? patient.fullName : 'The name on the order’s medical profile', body);
  if (patient) flow.paragraph(`Date of birth: ${patient.dateOfBirth} · Sex: ${sexLabels[patient.sex] ?? patient.sex}`, body);

  flow.gap(10);
  flow.paragraph('Order', label);
  flow.paragraph(`Order #${requisition.orderNumber}, approved on ${dayFormat.format(requisition.approvedAt)}`, body);
  if (requisition.physician) {
    flow.paragraph(`Ordering physician: ${requisition.physician.name}, ${requisition.physician.licence}`, body);
  } else if (requisition.approvedBy) {
    flow.paragraph(`Approved by ${requisition.approvedBy}, Base clinician`, body);
  }

  flow.gap(10);
  flow.paragraph('Lab', label);
  const { lab } = requisition;
  flow.paragraph(lab.name, body);
  flow.paragraph(`${lab.address}, ${lab.city}, ${lab.state} ${lab.zipCode}`, body);
  if (lab.hours) flow.paragraph(`Open ${lab.hours}`, body);

  flow.gap(10);
  flow.paragraph('Tests', label);
  for (const test of requisition.tests) {
    flow.gap(2);
    flow.paragraph(test.title, { font: fonts.bold, size: 10 });
    flow.paragraph(test.biomarkers.join(', '), { ...body, size: 10 });
  }
  drawPageFeet(doc, 'Confidential health information. Valid for the order above at the lab above.');
  return doc.save();
}
